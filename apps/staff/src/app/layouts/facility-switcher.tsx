import { Select, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { facilityPath } from '../../lib/facility';
import { roleAbilities } from '../../lib/roles';
import type { StaffFacility } from '../../lib/staff-session';

/** The screen after switching: the same one at the other facility when the role there allows it, else its home. */
function samePageAt(pathname: string, target: StaffFacility): string {
  const rest = /^\/f\/\d+\/([^/]+)/.exec(pathname)?.[1] ?? '';
  const allowed = ['classes', 'children', ...(roleAbilities(target.role).setup ? ['devices', 'audit'] : [])];
  return facilityPath(target.id, allowed.includes(rest) ? rest : '');
}

/** The facility worked in (the URL holds it); a choice when the person works at several, a tablet stays at its own. */
export function FacilitySwitcher({
  facilities,
  current,
  locked,
}: {
  facilities: StaffFacility[];
  current: StaffFacility | null;
  locked: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!current) return null;
  if (facilities.length < 2 || locked) {
    return (
      <Text fw={500} truncate="end">
        {current.name}
      </Text>
    );
  }
  return (
    <Select
      aria-label="施設を切り替える"
      data={facilities.map((f) => ({ value: String(f.id), label: f.name }))}
      value={String(current.id)}
      allowDeselect={false}
      checkIconPosition="right"
      w={220}
      onChange={(value) => {
        const target = facilities.find((f) => String(f.id) === value);
        if (target && target.id !== current.id) void navigate(samePageAt(pathname, target));
      }}
    />
  );
}
