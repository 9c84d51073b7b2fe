/**
 * The staff area's public functions (DESIGN §3.1 `modules/staff`): the paired devices, the PIN and
 * memberships other areas ask about. The audit log is its own leaf area (`modules/audit`).
 */
/** The paired tablet of a request's device cookie (the gate kiosk authenticates with it alone). */
export { findDevice, findDeviceByCredential, LAST_SEEN_EVERY_MS, type PairedDevice } from './devices';
/** The gate kiosk names a staff member by PIN (checked under its lock) working at its facility (issue 29). */
export { checkPin } from './pin';
export { facilityMembershipOn, worksAt, worksAtFacility } from './memberships';
