import { z } from 'zod';
import { defineCall, idParam, messageSchema } from '../common';
import { staffPersonSchema } from './common';
import { facilityParams } from './facilities';

/** Paired tablets and the PIN (staff.md §1). */
export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  class_id: z.number().int().nullable(),
  paired_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** Not paired yet: until when its pairing code may be typed on the tablet (null once paired or revoked). */
  pairing_expires_at: z.string().nullable(),
  /** class: a class's tablet (PIN sessions); kiosk: the gate kiosk (staff.md §6, device cookie alone). */
  purpose: z.enum(['class', 'kiosk']),
  /** The kiosk's last clock skew (server − device, ms) and when it last synced; null before its first sync. */
  clock_skew_ms: z.number().nullable(),
  last_synced_at: z.string().nullable(),
  /**
   * Wrong PINs on this device (docs/decisions/staff-pin-lock-per-device.md): until when its whole PIN
   * pad is locked (null when it is not), and when a PIN was last locked on it (a person's or the
   * device's), shown to the director for 7 days.
   */
  pin_locked_until: z.string().nullable(),
  pin_alert_at: z.string().nullable(),
});
export type StaffDevice = z.infer<typeof deviceSchema>;
export type DevicePurpose = StaffDevice['purpose'];

/** How long a pairing code shown on the desktop may be typed on the tablet. */
export const PAIRING_CODE_MINUTES = 10;

/** Texts of the devices' calls (beside `staffMessages`). */
export const deviceMessages = {
  classNotFound: 'この施設のクラスを選択してください',
  revoked: '端末の登録を解除しました',
  locked: '端末をロックしました',
  pinReset: 'PINをリセットしました',
} as const;

export const getStaffDevices = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/devices',
  summary: 'The facility’s tablets, paired, waiting for their code, and revoked (director, company admin)',
  params: facilityParams,
  response: z.array(deviceSchema),
});

export const postStaffDevice = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/devices',
  summary:
    'Registers a tablet and answers its one-time pairing code (8 digits, 10 minutes) (director, company admin; desktop only); audited',
  params: facilityParams,
  body: z.object({
    name: z
      .string({ message: '端末名を入力してください' })
      .trim()
      .min(1, '端末名を入力してください')
      .max(30, '端末名は30文字以内で入力してください'),
    class_id: idParam.nullable().optional().default(null),
    purpose: z.enum(['class', 'kiosk'], { message: '用途を選択してください' }).optional().default('class'),
  }),
  response: z.object({ device: deviceSchema, code: z.string(), expires_at: z.string() }),
  status: 201,
});

export const deleteStaffDevice = defineCall({
  method: 'DELETE',
  path: '/api/staff/devices/{deviceId}',
  summary: 'Revokes a tablet: its credential and PIN sessions end at once (director, company admin; desktop only); audited',
  params: z.object({ deviceId: idParam }),
  response: messageSchema,
});

export const postStaffDevicePair = defineCall({
  method: 'POST',
  path: '/api/staff/device/pair',
  summary:
    'On the tablet: exchanges the pairing code for the device credential (an HttpOnly cookie); no session needed; 10 wrong codes per address in 15 minutes → 429',
  body: z.object({
    code: z
      .string({ message: 'ペアリングコードを入力してください' })
      .trim()
      .regex(/^\d{8}$/, 'ペアリングコードは8桁の数字で入力してください'),
  }),
  response: z.object({ device: z.object({ id: z.number().int(), name: z.string(), facility_name: z.string() }) }),
});

export const getStaffDevice = defineCall({
  method: 'GET',
  path: '/api/staff/device',
  summary: 'On a paired tablet: the device and the staff who may unlock it (names for the PIN pad); 401 when not paired',
  response: z.object({
    device: z.object({
      id: z.number().int(),
      name: z.string(),
      facility_id: z.number().int(),
      facility_name: z.string(),
      class_id: z.number().int().nullable(),
      purpose: z.enum(['class', 'kiosk']),
    }),
    staff: z.array(staffPersonSchema),
  }),
});

export const postStaffDeviceUnlock = defineCall({
  method: 'POST',
  path: '/api/staff/device/unlock',
  summary:
    'On a paired tablet: a staff member’s PIN opens a PIN session (5 idle minutes); 5 wrong PINs lock it for 15 minutes (429); 404 for someone not working there today',
  body: z.object({
    user_id: idParam,
    pin: z.string({ message: 'PINは4桁の数字で入力してください' }).regex(/^\d{4}$/, 'PINは4桁の数字で入力してください'),
  }),
  response: z.object({ stage: z.literal('ok') }),
});

export const postStaffDeviceLock = defineCall({
  method: 'POST',
  path: '/api/staff/device/lock',
  summary: 'On a paired tablet: ends the PIN session (back to the PIN pad)',
  response: messageSchema,
});

export const deleteStaffUserPin = defineCall({
  method: 'DELETE',
  path: '/api/staff/facilities/{facilityId}/staff/{userId}/pin',
  summary:
    'Resets a staff member’s PIN (they set a new one on the desktop) and ends their PIN sessions (director, company admin; desktop only); audited',
  params: z.object({ facilityId: idParam, userId: idParam }),
  response: messageSchema,
});
