import { z } from 'zod';
import { defineCall, idNumber, instantString } from '../common';
import { clockKinds } from './staffing';

/**
 * The gate kiosk (staff.md §6; /work/kiosk-contract.md): a paired tablet whose device has
 * `purpose = 'kiosk'`. Its calls authenticate with the device cookie alone (no PIN session): a
 * revoked or unknown device → 401, a class-purpose device → 403. They see the device's facility only.
 */

/** How long a second scan of the same child and kind is ignored (by device time). */
export const KIOSK_REPEAT_SECONDS = 60;
/** Most scans in one post. */
export const KIOSK_SCANS_MAX = 100;
/** Above this |skew| the devices screen warns 「端末の時計が N分ずれています」. */
export const KIOSK_SKEW_WARN_MS = 60_000;

/** Texts of the kiosk's calls. */
export const kioskMessages = {
  notKiosk: 'この端末はゲート（登降園）用ではありません',
  notPaired: 'この端末は登録されていません。端末の登録をやり直してください',
  duplicate: '記録済みです',
  ignoredRepeat: '1分以内に同じ記録があったため無視しました',
  notEnrolled: 'この施設の本日の在籍児ではありません',
  noArrivalYet: '登園の記録がありません',
  pickupRequired: 'お迎えの方を選択してください',
  pickupPersonNotFound: 'お迎え登録者が見つかりません',
  codeInvalid: 'お迎えコードが正しくないか、期限切れまたは使用済みです',
  timeOutOfRange: '記録時刻が正しくありません（端末の時計をご確認ください）',
  staffRequired: '職員の確認（PINまたは職員QR）がない記録は受け付けません',
  staffInvalid: '確認した職員を確かめられませんでした（PINの期限切れ、または職員QRが無効です）',
  codeTooMany: 'お迎えコードの誤りが続いたため、この端末ではしばらく入力できません。保護者に連絡して確認してください',
  codeOffline: 'お迎えコードは通信できるときだけ確認できます。保護者に連絡して確認してください',
  staffPinOffline: 'オフラインのためPINは使えません。職員QRをかざしてください',
  staffQrRevoked: '職員QRを無効にしました',
} as const;

/**
 * How long the gate remembers the staff member who identified (PIN or staff QR): the grant a PIN
 * gives is valid this long for scans made on the device (docs/decisions/kiosk-staff-identification.md).
 */
export const KIOSK_STAFF_MINUTES = 3;
/** Wrong one-time codes a kiosk may try per child and Tokyo day, and per day in all (docs/decisions/kiosk-pickup-codes-guessing.md). */
export const KIOSK_CODE_TRIES_PER_CHILD = 5;
export const KIOSK_CODE_TRIES_PER_DAY = 20;
/** The text a staff member's personal QR encodes: this prefix and the token. */
export const STAFF_QR_PREFIX = 'renraku-staff:';

export const kioskPickupPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.string(),
  /** The photo (signed URL), null without one. */
  photo_url: z.string().nullable(),
});

export const kioskRosterChildSchema = z.object({
  note_child_id: z.number().int(),
  child_id: z.number().int(),
  /** Last and first name. */
  name: z.string(),
  first_name: z.string(),
  kana: z.string(),
  /** A child registered for 一時預かり only: 「一時預かり」 (billing-temporary-care.md). */
  class_name: z.string(),
  /** Booked for 一時預かり today (the gate shows a badge). */
  temporary_care: z.boolean(),
  /** The child's photo (signed URL), null without one. */
  photo_url: z.string().nullable(),
  /** Hex SHA-256 of the child's qr_token (the value the guardian QR page encodes). */
  qr_hash: z.string(),
  /** 'HH:MM' (Asia/Tokyo) today, null before. */
  arrived_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  /** note_child_ids of the same family (sharing a guardian) in the facility today. */
  sibling_ids: z.array(z.number().int()),
  /** Approved pick-up persons only. */
  pickup_persons: z.array(kioskPickupPersonSchema),
  guardians: z.array(z.object({ name: z.string(), relation: z.string() })),
});
export type KioskRosterChild = z.infer<typeof kioskRosterChildSchema>;

/** A staff member working at the facility today, for the gate's identification step. */
export const kioskStaffSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Hex HMAC-SHA256 (key: the roster's `staff_qr_key`) of the hex SHA-256 of their staff QR token; null without one. */
  qr_hash: z.string().nullable(),
  pin_set: z.boolean(),
  /** Their 打刻 of today as the server has them (not voided), by time; `id` is the gate's own id, null for others. */
  clock: z.array(z.object({ id: z.string().nullable(), kind: z.enum(clockKinds), time: z.string() })),
});
export type KioskStaff = z.infer<typeof kioskStaffSchema>;

export const kioskRosterSchema = z.object({
  facility: z.object({ id: z.number().int(), name: z.string() }),
  /** Tokyo today, YYYY-MM-DD. */
  date: z.string(),
  server_time: z.string(),
  children: z.array(kioskRosterChildSchema),
  /** Who may confirm at the gate (one-time pick-up codes are checked at the server only). */
  staff: z.array(kioskStaffSchema),
  /** This device's key for `staff[].qr_hash` (hex). */
  staff_qr_key: z.string(),
});
export type KioskRoster = z.infer<typeof kioskRosterSchema>;

export const getKioskRoster = defineCall({
  method: 'GET',
  path: '/api/kiosk/roster',
  summary:
    'On a kiosk tablet (device cookie, purpose kiosk): the day’s roster for offline use, with QR hashes, times, siblings, pick-up persons and the staff who may confirm (audited)',
  response: kioskRosterSchema,
});

/** Bounded to 2000–2100 by the contract's one helper (docs/decisions/platform-date-ranges.md). */
const instant = instantString;

export const kioskPickupSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('guardian') }),
      z.object({ type: z.literal('person'), pickup_person_id: idNumber('お迎え登録者を選択してください') }),
      z.object({
        type: z.literal('code'),
        code: z
          .string({ message: 'お迎えコードは6桁の数字で入力してください' })
          .regex(/^\d{6}$/, 'お迎えコードは6桁の数字で入力してください'),
      }),
    ],
    { message: 'お迎えの方の種類が正しくありません' },
  )
  .nullable();
export type KioskPickup = z.infer<typeof kioskPickupSchema>;

/**
 * Who confirmed the scan at the gate: the grant a PIN gave (`postKioskStaffPin`), or the staff
 * member's own QR token as read by the camera (checked offline against the roster, again here).
 */
export const kioskStaffProofSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('pin'),
        grant: z.string().min(16, '職員の確認が正しくありません').max(200, '職員の確認が正しくありません'),
      }),
      z.object({
        type: z.literal('qr'),
        token: z.string().min(16, '職員QRが正しくありません').max(200, '職員QRが正しくありません'),
      }),
    ],
    { message: '職員の確認の種類が正しくありません' },
  )
  .nullable();
export type KioskStaffProof = z.infer<typeof kioskStaffProofSchema>;

export const kioskScanSchema = z.object({
  /** Made on the device; each id is accepted once. */
  id: z.uuid({ message: '記録のIDが正しくありません' }),
  note_child_id: idNumber('園児を選択してください'),
  kind: z.enum(['arrival', 'pickup'], { message: '登園か降園かを選択してください' }),
  /** Device clock at the scan. */
  at: instant('記録時刻'),
  pickup: kioskPickupSchema.optional().default(null),
  /** qr: the guardian's QR (the device is named); touch: a name tapped (a staff member must be named). */
  via: z.enum(['qr', 'touch'], { message: '記録の方法が正しくありません' }).optional().default('qr'),
  /** Required for a touch, every pick-up and a one-time code. */
  staff: kioskStaffProofSchema.optional().default(null),
});
export type KioskScan = z.infer<typeof kioskScanSchema>;

export const kioskScanStatusSchema = z.enum(['recorded', 'duplicate', 'ignored_repeat', 'rejected']);
export type KioskScanStatus = z.infer<typeof kioskScanStatusSchema>;

export const postKioskScans = defineCall({
  method: 'POST',
  path: '/api/kiosk/scans',
  summary:
    'On a kiosk tablet: records arrivals and pick-ups made offline (each scan id once, even concurrently; the same child and kind again within 60 s ignored); answers the clock skew',
  body: z.object({
    /** Device clock at sending. */
    sent_at: instant('送信時刻'),
    scans: z
      .array(kioskScanSchema, { message: '記録がありません' })
      .min(1, '記録がありません')
      .max(KIOSK_SCANS_MAX, `記録は一度に${KIOSK_SCANS_MAX}件までです`),
  }),
  response: z.object({
    results: z.array(
      z.object({
        id: z.string(),
        status: kioskScanStatusSchema,
        /** Why it was not recorded (Japanese), null when recorded. */
        message: z.string().nullable(),
      }),
    ),
    /** Server now − sent_at, in milliseconds. */
    skew_ms: z.number(),
  }),
});

export const postKioskStaffPin = defineCall({
  method: 'POST',
  path: '/api/kiosk/staff-pin',
  summary:
    'On a kiosk tablet: a staff member working at the facility names themself with their PIN; answers a grant for the gate’s scans of the next minutes (no staff session; wrong PINs counted per device and person)',
  body: z.object({
    user_id: idNumber('職員を選択してください'),
    pin: z.string({ message: 'PINは4桁の数字で入力してください' }).regex(/^\d{4}$/, 'PINは4桁の数字で入力してください'),
    /** The device's clock now: the grant covers the scans made on it from then for a few minutes. */
    device_time: instant('端末の時刻'),
  }),
  response: z.object({
    user_id: z.number().int(),
    name: z.string(),
    /** Sent with each scan this staff member confirms (`staff: {type:'pin', grant}`). */
    grant: z.string(),
    expires_at: z.string(),
  }),
});
