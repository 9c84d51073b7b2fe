import type { StaffRole } from '@renraku/contract';

/**
 * What staff may do at a facility by their membership (staff.md §1's table, records.md §7,
 * staffing.md §5): the role catalogue beside the guardians' `ChildAction` and the calls' catalogue
 * (staff-calls.ts, which says where a PIN session may call at all). Each action names
 * - `roles`: the roles holding it at every class of the facility (on a class tablet: its class);
 * - `ownClasses`: every member holds it for the classes of their own membership too;
 * - `chief`: the 主任 mark (`staff_memberships.is_chief`, docs/decisions/staff-chief-flag.md) adds it
 *   to a 保育士: on every grant (`any`), or only where the grant spans the facility (`facility`: a
 *   desktop sign-in or a facility-wide tablet, not one class's tablet, where its class's staff write);
 * - `desktop`: held on a desktop sign-in only, never by a PIN session's grant (a tablet shows no
 *   承認 button even where it reads the document).
 * The kernel answers from here alone (`grantHolds`, `grantHoldsAt` in staff.ts); docs/permissions.md
 * prints it (`npm run permissions:doc`).
 */
export interface RoleRule {
  what: string;
  roles: readonly StaffRole[];
  ownClasses?: true;
  chief?: 'any' | 'facility';
  desktop?: true;
}

const all = ['company_admin', 'director', 'office', 'class_staff'] as const;
const managers = ['company_admin', 'director'] as const;

export const roleActions = {
  'facility.read': {
    what: 'the facility, its classes, the roster and children’s records (each read audited), the 要録’s 入所に関する記録',
    roles: all,
  },
  'daily.read': {
    what: 'the classes’ daily notes (writing: `classes.write`)',
    roles: [...managers, 'class_staff'],
  },
  'roster.write': {
    what: 'children, enrolments, CSV import, registration links, guardians’ links',
    roles: [...managers, 'office'],
  },
  'facility.setup': { what: 'profile, functions, classes, devices, staff, the audit log', roles: managers },
  'billing.manage': { what: 'fees, children’s billing attributes, the month and its 確定', roles: [...managers, 'office'] },
  'classes.write': {
    what: 'the day of a class (inbox 確認, board, daily notes)',
    roles: [...managers, 'office'],
    ownClasses: true,
  },
  'facility.address': {
    what: 'notices and events to the whole facility and a class',
    roles: [...managers, 'office'],
    ownClasses: true,
  },
  'records.read': {
    what: 'the classes’ plans and records and the children’s records (児童票, 経過記録, 要録), the 文例, the 期 settings',
    roles: [...managers, 'class_staff'],
  },
  'records.write': {
    what: 'with `records.read`: opening, typing, 提出 and a corrected version of a class’s documents and its children’s',
    roles: managers,
    ownClasses: true,
    chief: 'facility',
  },
  'records.approve': {
    what: 'with `records.read`: 承認 and 差し戻し of plans and records, the inspection archive',
    roles: managers,
    chief: 'any',
    desktop: true,
  },
  'records.approve-yoroku': { what: 'with `records.read`: 承認 of a 要録 (not the 主任)', roles: managers, desktop: true },
  'records.phrases': {
    what: 'with `records.read`: adding and removing the facility’s 文例',
    roles: managers,
    chief: 'any',
    desktop: true,
  },
  'records.templates': {
    what: 'with `records.read`: the 期 settings, the templates and the fiscal-year rollover',
    roles: managers,
  },
  'staffing.read': { what: 'the live ratio, the day’s slots and the staffing settings', roles: all },
  'staffing.move': {
    what: 'moving oneself into a class’s room (another person: `staffing.correct`)',
    roles: [...managers, 'class_staff'],
  },
  'staffing.correct': {
    what: 'the day’s 打刻 of everyone, corrections, shift patterns, the month’s table and its draft',
    roles: managers,
    chief: 'any',
  },
  'staffing.settings': { what: 'writing the staffing settings', roles: managers },
  'staffing.export': { what: 'the month’s 勤務実績 CSV', roles: [...managers, 'office'] },
  'staffing.report': {
    what: 'the month’s report: short slots, headcount, the 1歳児配置改善加算 self-check',
    roles: [...managers, 'office'],
    chief: 'any',
  },
} as const satisfies Record<string, RoleRule>;

export type StaffAction = keyof typeof roleActions;

export const roleRule = (action: StaffAction): RoleRule => roleActions[action];
