import { Select, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { facilityPath } from '../../lib/facility';
import { roleAbilities } from '../../lib/roles';
import type { StaffFacility } from '../../lib/staff-session';

/** Every member's sections, and the ones of facility setup (directors and company admins). */
const memberSections = ['classes', 'children'];
const setupSections = ['devices', 'audit', 'members', 'facility'];

/**
 * The screen after switching: the same section at the other facility when the role there allows it
 * (施設設定 keeps its tab; a child's record or the audit log's filters name this facility's people,
 * so the section's start opens), else its home.
 */
function samePageAt(pathname: string, search: string, target: StaffFacility): string {
  const rest = /^\/f\/\d+\/([^/]+)/.exec(pathname)?.[1] ?? '';
  const allowed = [...memberSections, ...(roleAbilities(target.role).setup ? setupSections : [])];
  if (!allowed.includes(rest)) return facilityPath(target.id);
  return facilityPath(target.id, rest) + (rest === 'facility' ? search : '');
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
  const { pathname, search } = useLocation();
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
        if (target && target.id !== current.id) void navigate(samePageAt(pathname, search, target));
      }}
    />
  );
}
