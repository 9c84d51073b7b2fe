import { z } from 'zod';
import { defineCall, instantString } from '../common';
import { KIOSK_SCANS_MAX, kioskStaffProofSchema } from './kiosk';
import { clockKinds } from './staffing';

/**
 * Staff 打刻 at the gate kiosk (staffing.md §2; docs/decisions/staffing-kiosk-clock.md): offline
 * first exactly as the children's scans. The tablet names the person (their 職員QR, offline too, or
 * a PIN grant), keeps the 打刻 on the device with its own uuid and the device's clock, and sends it
 * once; a resend is answered `duplicate`. A step that does not fit the day as the server knows it
 * (an offline tablet's late 出勤 after a desktop 退勤…) is recorded all the same and flagged
 * `out_of_order` for the 園長's review: the person really pressed it.
 */

export const kioskStaffClockMessages = {
  staffRequired: '職員QRまたはPINで本人を確認してください',
  recorded: '打刻しました',
  outOfOrder: '記録しました（順序が合わないため園長の確認待ちです）',
  notMember: 'この施設の職員として、その日に所属していません',
} as const;

export const kioskStaffClockSchema = z.object({
  /** Made on the device; each id is recorded once. */
  id: z.uuid({ message: '打刻のIDが正しくありません' }),
  kind: z.enum(clockKinds, { message: '打刻の種類を選択してください' }),
  /** Device clock at the tap: the 打刻's date and time in Tokyo. */
  at: instantString('打刻の時刻'),
  /** Who pressed it: their own 職員QR token, or the grant their PIN gave on this device. */
  staff: kioskStaffProofSchema.refine((p) => p !== null, kioskStaffClockMessages.staffRequired),
});
export type KioskStaffClock = z.infer<typeof kioskStaffClockSchema>;

export const kioskStaffClockStatusSchema = z.enum(['recorded', 'duplicate', 'rejected']);
export type KioskStaffClockStatus = z.infer<typeof kioskStaffClockStatusSchema>;

export const postKioskStaffClocks = defineCall({
  method: 'POST',
  path: '/api/kiosk/staff-clocks',
  summary:
    'On a kiosk tablet: records staff 打刻 made at the gate (offline first; each id once; out-of-order steps kept and flagged for review); answers the clock skew',
  body: z.object({
    /** Device clock at sending. */
    sent_at: instantString('送信時刻'),
    entries: z
      .array(kioskStaffClockSchema, { message: '打刻がありません' })
      .min(1, '打刻がありません')
      .max(KIOSK_SCANS_MAX, `打刻は一度に${KIOSK_SCANS_MAX}件までです`),
  }),
  response: z.object({
    results: z.array(
      z.object({
        id: z.string(),
        status: kioskStaffClockStatusSchema,
        /** Recorded, but not in the day's order: shown to the 園長 to review. */
        out_of_order: z.boolean(),
        /** Why it was not recorded, or that it waits for review (Japanese); null when recorded in order. */
        message: z.string().nullable(),
      }),
    ),
    /** Server now − sent_at, in milliseconds. */
    skew_ms: z.number(),
  }),
});
