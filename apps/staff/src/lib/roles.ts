import type { StaffRole } from '@renraku/contract/staff';

/**
 * What the screens offer a role (staff.md §1); the server's access kernel decides every call, this
 * only hides what would be refused.
 */
export function roleAbilities(role: StaffRole) {
  const director = role === 'director' || role === 'company_admin';
  return {
    /** Facility setup: devices, the audit log. */
    setup: director,
    /** Classes and children may be written. */
    rosterWrite: director || role === 'office',
    /** 請求 (spec/billing.md §6): 事務, 園長, 法人管理者. */
    billing: director || role === 'office',
    /** 計画・記録 and each child's 児童票 (records.md §7: 事務 none). */
    records: role !== 'office',
  };
}
