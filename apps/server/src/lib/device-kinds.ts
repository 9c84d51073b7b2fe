import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The shared devices (staff.md §1, §6), by their `devices.purpose`: a class tablet (one class's or
 * facility-wide) opens PIN sessions for the day's work; a gate kiosk opens none, its calls go on the
 * device cookie alone. Here, below `access`, so that the staff session lookup (lib) uses the same
 * kinds; which kind may call what is the access kernel's (modules/access/devices.ts).
 */
export const deviceKinds = {
  class_tablet: { purpose: 'class', label: 'クラスタブレット', pinSession: true },
  gate_kiosk: { purpose: 'kiosk', label: '門のキオスク', pinSession: false },
} as const;

export type DeviceKind = keyof typeof deviceKinds;

export const deviceKindOf = (device: { purpose: string }): DeviceKind =>
  device.purpose === deviceKinds.gate_kiosk.purpose ? 'gate_kiosk' : 'class_tablet';

/** The purposes of some kinds as an SQL list (`'class'`), for a `purpose in (…)` test. */
export const purposesOf = (kinds: readonly DeviceKind[]): SQL =>
  kinds.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        kinds.map((k) => sql.raw(`'${deviceKinds[k].purpose}'`)),
        sql`, `,
      )})`;

/** The devices whose kind opens a PIN session (`devices.purpose` or a hand-written statement's column). */
export const opensPinSession = (purpose: SQLWrapper): SQL =>
  sql`(${purpose} in ${purposesOf((Object.keys(deviceKinds) as DeviceKind[]).filter((k) => deviceKinds[k].pinSession))})`;
