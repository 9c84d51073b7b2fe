import * as C from '@renraku/contract';
import { kioskMessages, napMessages, staffMessages, type Call } from '@renraku/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { HttpError } from '../../lib/errors';
import { deviceKindOf, purposesOf, type DeviceKind } from '../../lib/device-kinds';

/**
 * The device audience of the kernel (DESIGN §3.2: "shared devices are an audience of the kernel,
 * not a rule repeated per area"): the calls a paired device makes on its device cookie alone, with
 * no one signed in, each naming its action and the device kinds that hold it. What a class tablet's
 * PIN session may do is the staff catalogue's `devices` column (staff-calls.ts); both are printed in
 * docs/permissions.md. A device without the kind gets 403 with the action's message, a request from
 * no paired device 401, before its input is read.
 */
export const deviceCallActions = {
  'device.pad': {
    devices: ['class_tablet', 'gate_kiosk'],
    what: 'the paired device itself: its facility and the PIN pad’s names, locking it',
    unpaired: staffMessages.deviceRequired,
    refused: staffMessages.deviceRequired,
  },
  'device.unlock': {
    devices: ['class_tablet'],
    what: 'unlocking the tablet with a PIN (a PIN session of 5 idle minutes)',
    unpaired: staffMessages.deviceRequired,
    refused: staffMessages.kioskNoSession,
  },
  'naps.pad': {
    devices: ['class_tablet'],
    what: 'the PIN pad’s line of due nap checks',
    unpaired: staffMessages.deviceRequired,
    refused: napMessages.notClassTablet,
  },
  'kiosk.scan': {
    devices: ['gate_kiosk'],
    what: 'the gate’s roster, arrival and pick-up scans, a staff member naming themself with a PIN',
    unpaired: kioskMessages.notPaired,
    refused: kioskMessages.notKiosk,
  },
  'kiosk.clock': {
    devices: ['gate_kiosk'],
    what: 'staff 打刻 at the gate',
    unpaired: kioskMessages.notPaired,
    refused: kioskMessages.notKiosk,
  },
} as const satisfies Record<string, { devices: readonly DeviceKind[]; what: string; unpaired: string; refused: string }>;

export type DeviceCallAction = keyof typeof deviceCallActions;

/** Every device call with its action. */
export const byDeviceAction: Record<DeviceCallAction, readonly Call[]> = {
  'device.pad': [C.getStaffDevice, C.postStaffDeviceLock],
  'device.unlock': [C.postStaffDeviceUnlock],
  'naps.pad': [C.getStaffDeviceNapStatus],
  'kiosk.scan': [C.getKioskRoster, C.postKioskScans, C.postKioskStaffPin],
  'kiosk.clock': [C.postKioskStaffClocks],
};

/** Whether a device of this kind holds the action. */
export const deviceMayDo = (kind: DeviceKind, action: DeviceCallAction): boolean =>
  (deviceCallActions[action].devices as readonly DeviceKind[]).includes(kind);

/** The answer to a device that may not make the call (none paired: 401; another kind: 403), or null. */
export function deviceRefusal(action: DeviceCallAction, device: { purpose: string } | null | undefined): HttpError | null {
  const { unpaired, refused } = deviceCallActions[action];
  if (!device) return new HttpError(401, unpaired);
  return deviceMayDo(deviceKindOf(device), action) ? null : new HttpError(403, refused);
}

/** The one check of a device call: throws `deviceRefusal`, else answers the device. */
export function authorizeDevice<D extends { purpose: string }>(device: D | null | undefined, action: DeviceCallAction): D {
  const refusal = deviceRefusal(action, device);
  if (refusal) throw refusal;
  return device!;
}

/**
 * `deviceMayDo` as SQL for the statements that find the device themselves (the kiosk's scans): the
 * `devices.purpose` column (or a hand-written statement's `d.purpose`) is of a kind holding the action.
 */
export const deviceHolds = (purpose: SQLWrapper, action: DeviceCallAction): SQL =>
  sql`(${purpose} in ${purposesOf(deviceCallActions[action].devices)})`;
