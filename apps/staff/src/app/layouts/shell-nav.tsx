import { NavLink, Stack } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { companyPath, facilityPath } from '../../lib/facility';
import { roleAbilities } from '../../lib/roles';
import type { StaffFacility } from '../../lib/staff-session';

interface Item {
  label: string;
  to: string;
  end?: boolean;
}

/**
 * The menu by role (staff.md §1): setup for directors and company admins, the company's facilities for
 * company admins; on a tablet's PIN session the day's screens only.
 */
function itemsFor(facility: StaffFacility | null, onDevice: boolean): Item[] {
  const items: Item[] = [];
  if (facility) {
    const { setup, billing } = roleAbilities(facility.role);
    items.push(
      { label: 'ホーム', to: facilityPath(facility.id), end: true },
      // Office staff have no daily notes (staff.md §1); of the records, the 要録's 入所に関する記録 (records.md §7).
      ...(facility.role === 'office'
        ? onDevice
          ? []
          : [{ label: '要録の入所記録', to: facilityPath(facility.id, 'records') }]
        : [
            { label: '連絡', to: facilityPath(facility.id, 'inbox') },
            { label: 'クラスボード', to: facilityPath(facility.id, 'board') },
            { label: '連絡帳記入', to: facilityPath(facility.id, 'daily') },
            { label: '写真', to: facilityPath(facility.id, 'photos') },
            { label: '身体測定', to: facilityPath(facility.id, 'growth') },
            { label: '午睡チェック', to: facilityPath(facility.id, 'naps') },
            { label: '計画・記録', to: facilityPath(facility.id, 'records') },
          ]),
      { label: '配置・勤怠', to: facilityPath(facility.id, 'staffing') },
    );
    // A tablet's PIN session does the day's work only (docs/decisions/access-device-sessions.md).
    if (onDevice) return items;
    // One's own 打刻 and shifts: every role with a membership of the facility itself.
    if (facility.role !== 'company_admin') items.push({ label: 'わたしの勤務', to: facilityPath(facility.id, 'staffing/me') });
    items.push(
      { label: 'クラス', to: facilityPath(facility.id, 'classes') },
      { label: '園児', to: facilityPath(facility.id, 'children') },
      { label: 'お知らせ', to: facilityPath(facility.id, 'notices') },
      { label: '行事予定', to: facilityPath(facility.id, 'events') },
      { label: '登園予定', to: facilityPath(facility.id, 'schedules') },
    );
    if (billing) items.push({ label: '請求', to: facilityPath(facility.id, 'billing') });
    if (setup) {
      items.push(
        { label: '端末', to: facilityPath(facility.id, 'devices') },
        { label: '監査ログ', to: facilityPath(facility.id, 'audit') },
        { label: '職員', to: facilityPath(facility.id, 'members') },
        { label: '施設設定', to: facilityPath(facility.id, 'facility') },
        { label: '計画・記録の様式', to: facilityPath(facility.id, 'records/setup') },
      );
    }
    if (facility.role === 'company_admin') items.push({ label: '法人の施設', to: companyPath(facility.company_id) });
  }
  // 2FA and the PIN are set on a desktop only (the server refuses them from a tablet's PIN session).
  if (!onDevice) items.push({ label: '設定', to: '/settings' });
  return items;
}

export function ShellNav({
  facility,
  onDevice,
  onNavigate,
}: {
  facility: StaffFacility | null;
  onDevice: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {itemsFor(facility, onDevice).map((item) => (
        <NavLink
          key={item.to}
          component={RouterLink}
          to={item.to}
          end={item.end}
          label={item.label}
          active={item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`)}
          onClick={onNavigate}
          fw={500}
        />
      ))}
    </Stack>
  );
}
