/**
 * The access kernel (DESIGN §3.1): the one place that decides who may read or write which child,
 * and through it what the facility addressed to the child. Other areas import from here only.
 */
export { enrolmentCovers, enrolmentDuring, nc, type Day } from './enrolment';
export {
  activeGuardiansOf,
  activeLinks,
  activeLinksOf,
  authorizeLink,
  canWriteFor,
  cu,
  isGuardianOf,
  isMainGuardianOf,
  isPayerLink,
  isPendingLink,
  isStandingLink,
  mainLinks,
  payerLinks,
  pendingLinks,
  standingLinks,
  writableLinks,
  type ChildAction,
  type GuardianLink,
} from './guardian-links';
export {
  authorizeChild,
  findLink,
  requireEnrolment,
  viewableChildren,
  viewableEnrolments,
  type AuthorizeOptions,
  type ChildGrant,
  type EnrolledGrant,
} from './children';
export { callerChildEnrolment, callerChildIdsAmong, callerEnrolments, callerLinks } from './caller-fragments';
export type { Viewer } from '../../lib/sessions';
export {
  authorizeClass,
  authorizeClassWrite,
  authorizeCompany,
  authorizeClassNotes,
  authorizeFacility,
  authorizeStaffChild,
  classInScope,
  mayAddressAudience,
  mayWriteClass,
  membershipCovers,
  staffFacilities,
  grantHolds,
  grantHoldsAt,
  type CompanyGrant,
  type FacilityGrant,
  type StaffChildGrant,
  type StaffViewer,
} from './staff';
export { roleActions, type RoleRule, type StaffAction } from './roles';
export { checkedWrite, inTransaction } from './transactions';
export { sessionMayDo, staffCallAction, staffCallActions, staffCallGate, type StaffCallAction } from './staff-calls';
export { authorizeDevice, deviceCallActions, deviceHolds, deviceMayDo, deviceRefusal, type DeviceCallAction } from './devices';
export { deviceKindOf, deviceKinds, type DeviceKind } from '../../lib/device-kinds';
