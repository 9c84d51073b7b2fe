import { z } from 'zod';
import { dateString, defineCall, idParam, INT4_MAX, timeString, yearMonthString } from '../common';

/**
 * 職員の勤怠と配置基準 (staffing.md): 打刻 (clock in, out, breaks) on the staff desktop, the room a staff
 * member is in (the membership's class, or a move from the class tablet), the 園長's corrections with
 * a reason, the month's 勤務実績 CSV, and the 保育士 : children ratio per room now and per 15 minutes
 * of a day. The ratios are dated data on the server (docs/decisions/staffing-ratios-dated.md).
 */

export const ratioFacilityTypes = ['nursery', 'small_a', 'small_b', 'small_c'] as const;
export type RatioFacilityType = (typeof ratioFacilityTypes)[number];
export const ratioFacilityTypeLabels: Record<RatioFacilityType, string> = {
  nursery: '保育所',
  small_a: '小規模保育 A型',
  small_b: '小規模保育 B型',
  small_c: '小規模保育 C型',
};

export const clockKinds = ['in', 'out', 'break_start', 'break_end'] as const;
export type ClockKind = (typeof clockKinds)[number];
export const clockKindLabels: Record<ClockKind, string> = {
  in: '出勤',
  out: '退勤',
  break_start: '休憩開始',
  break_end: '休憩終了',
};

/** Where a staff member's day stands after their entries. */
export const clockStates = ['off', 'working', 'on_break', 'done'] as const;
export type ClockState = (typeof clockStates)[number];
export const clockStateLabels: Record<ClockState, string> = {
  off: '未出勤',
  working: '勤務中',
  on_break: '休憩中',
  done: '退勤済み',
};

/** Age bands of the ratio (満年齢 on the day before the fiscal year starts; 4 = 4歳以上). */
export const ageBandLabels = ['0歳', '1歳', '2歳', '3歳', '4歳以上'] as const;

export const REASON_MAX = 200;

export const staffingMessages = {
  kind: '打刻の種類を選択してください',
  alreadyIn: 'すでに出勤の打刻があります',
  notIn: '出勤の打刻がまだありません',
  alreadyOut: 'すでに退勤の打刻があります',
  onBreak: '休憩中です。先に「休憩終了」を押してください',
  notOnBreak: '休憩中ではありません',
  notMember: 'この施設の職員として今日所属していません',
  reason: `理由を1〜${REASON_MAX}文字で入力してください`,
  staffMember: 'この施設の職員を選択してください',
  entryVoided: 'この打刻はすでに取り消されています',
  future: '未来の日時の打刻は登録できません',
  facilityType: '施設の種類を選択してください',
  oneYear: '1歳児配置改善加算の有無を選択してください',
  roomMoved: '部屋を移動しました',
  notClocked: '出勤中の職員だけが部屋を移動できます',
  settingsSaved: '配置基準の設定を保存しました',
  corrected: '打刻を修正しました',
} as const;

export const staffingSettingsSchema = z.object({
  facility_type: z.enum(ratioFacilityTypes),
  one_year_improvement: z.boolean(),
  /** Children per 保育士 by band on the day asked (today), after the type and the 加算. */
  ratios: z.array(z.number().int()).length(5),
  /** Staff added to each room's number (小規模 A/B型: 1). */
  plus: z.number().int(),
  /** 希望休 of a month are taken until this day of the month before (1–28). */
  wish_deadline_day: z.number().int(),
});
export type StaffingSettings = z.infer<typeof staffingSettingsSchema>;

export const timeEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(clockKinds),
  time: z.string(),
  /** self: on the desktop; kiosk: at the gate; correction: the 園長's. */
  source: z.enum(['self', 'kiosk', 'correction']),
  /** A gate 打刻 that did not fit the day's order when it arrived: for the 園長's review. */
  out_of_order: z.boolean(),
  /** The correction's reason. */
  reason: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  voided: z.object({ reason: z.string(), by_name: z.string().nullable() }).nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

const roomSchema = z.object({ class_id: z.number().int(), name: z.string() });

export const myClockSchema = z.object({
  date: dateString,
  state: z.enum(clockStates),
  entries: z.array(timeEntrySchema),
  /** The room the caller is in now (the membership's class or the day's move); null: none. */
  room: roomSchema.nullable(),
});
export type MyClock = z.infer<typeof myClockSchema>;

export const staffDaySchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  state: z.enum(clockStates),
  entries: z.array(timeEntrySchema),
});
export type StaffDay = z.infer<typeof staffDaySchema>;

export const timeEntriesDaySchema = z.object({ date: dateString, staff: z.array(staffDaySchema) });
export type TimeEntriesDay = z.infer<typeof timeEntriesDaySchema>;

export const ratioRoomSchema = z.object({
  class_id: z.number().int(),
  name: z.string(),
  /** Children present by band (0歳, 1歳, 2歳, 3歳, 4歳以上). */
  children_by_band: z.array(z.number().int()).length(5),
  children: z.number().int(),
  staff: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  required: z.number().int(),
  /** Staff missing (0: the room holds). */
  short: z.number().int(),
});
export type RatioRoom = z.infer<typeof ratioRoomSchema>;

export const ratioNowSchema = z.object({
  date: dateString,
  time: z.string(),
  facility_type: z.enum(ratioFacilityTypes),
  one_year_improvement: z.boolean(),
  rooms: z.array(ratioRoomSchema),
  /** Staff at work in no room (office, a 園長 without a class). */
  unassigned: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  /** The caller is at work now and may move into a room (every role but office). */
  can_move: z.boolean(),
});
export type RatioNow = z.infer<typeof ratioNowSchema>;

export const ratioSlotSchema = z.object({
  start: z.string(),
  /** The most children present at any minute of the slot, and the fewest staff at that worst minute. */
  children: z.number().int(),
  staff: z.number().int(),
  required: z.number().int(),
  short: z.boolean(),
});

export const ratioDaySchema = z.object({
  date: dateString,
  slots: z.array(z.string()),
  rooms: z.array(
    z.object({
      class_id: z.number().int(),
      name: z.string(),
      actual: z.array(ratioSlotSchema),
      /** From the shift table × the children's planned times (schedules); staff by their pattern's class. */
      planned: z.array(ratioSlotSchema),
    }),
  ),
  short_slots: z.array(
    z.object({
      class_id: z.number().int(),
      name: z.string(),
      start: z.string(),
      children: z.number().int(),
      staff: z.number().int(),
      required: z.number().int(),
    }),
  ),
});
export type RatioDay = z.infer<typeof ratioDaySchema>;

const facilityParams = z.object({ facilityId: idParam });
const reason = z
  .string({ message: staffingMessages.reason })
  .trim()
  .min(1, staffingMessages.reason)
  .max(REASON_MAX, staffingMessages.reason);

export const getStaffStaffingSettings = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/staffing-settings',
  summary: 'The facility’s type and 1歳児配置改善加算 switch, with the ratios they give today',
  params: facilityParams,
  response: staffingSettingsSchema,
});

export const putStaffStaffingSettings = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/staffing-settings',
  summary: 'Sets the facility type and the 1歳児配置改善加算 switch (directors, company admins); audited',
  params: facilityParams,
  body: z.object({
    facility_type: z.enum(ratioFacilityTypes, { message: staffingMessages.facilityType }),
    one_year_improvement: z.boolean({ message: staffingMessages.oneYear }),
    /** Left out: unchanged. */
    wish_deadline_day: z
      .number({ message: '希望休の締切日は1〜28日で入力してください' })
      .int('希望休の締切日は1〜28日で入力してください')
      .min(1, '希望休の締切日は1〜28日で入力してください')
      .max(28, '希望休の締切日は1〜28日で入力してください')
      .optional(),
  }),
  response: staffingSettingsSchema,
});

export const getStaffMyClock = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/clock',
  summary: 'The caller’s own 打刻 of today, their state and room',
  params: facilityParams,
  response: myClockSchema,
});

export const postStaffClock = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/clock',
  summary: 'The caller’s own 打刻 now (出勤, 退勤, 休憩開始, 休憩終了); 409 out of order; audited',
  params: facilityParams,
  body: z.object({ kind: z.enum(clockKinds, { message: staffingMessages.kind }) }),
  response: myClockSchema,
  status: 201,
});

export const getStaffTimeEntries = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/time-entries',
  summary: 'Every staff member’s 打刻 of a day, voided ones included (directors, company admins)',
  params: facilityParams,
  query: z.object({ date: dateString.optional() }),
  response: timeEntriesDaySchema,
});

export const postStaffTimeEntry = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/time-entries',
  summary: 'The 園長 adds a missing 打刻 for a staff member with a reason; audited',
  params: facilityParams,
  body: z.object({
    user_id: z.number({ message: staffingMessages.staffMember }).int().positive().max(INT4_MAX),
    date: dateString,
    kind: z.enum(clockKinds, { message: staffingMessages.kind }),
    time: timeString,
    reason,
  }),
  response: staffDaySchema,
  status: 201,
});

export const postStaffTimeEntryVoid = defineCall({
  method: 'POST',
  path: '/api/staff/time-entries/{entryId}/void',
  summary: 'The 園長 voids a wrong 打刻 with a reason (kept, shown struck through); audited',
  params: z.object({ entryId: idParam }),
  body: z.object({ reason }),
  response: staffDaySchema,
});

export const getStaffRatioNow = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/ratio',
  summary: 'The ratio now per room: children present by band, staff present, required, short (a class tablet: its class)',
  params: facilityParams,
  response: ratioNowSchema,
});

export const getStaffRatioVersion = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/ratio-version',
  summary:
    'A cheap fingerprint of everything the ratio now reads, and the minute: the ratio screens refetch the ratio when it changes (polled)',
  params: facilityParams,
  response: z.object({ date: dateString, version: z.string() }),
});

export const getStaffRatioDay = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/ratio-day',
  summary: 'The day per room and 15-minute slot from 打刻 and attendance, with every slot short of staff',
  params: facilityParams,
  query: z.object({ date: dateString.optional() }),
  response: ratioDaySchema,
});

export const putStaffClassRoom = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/room',
  summary: 'Moves a staff member at work into this class’s room from now (themselves; a director anyone); audited',
  params: z.object({ classId: idParam }),
  body: z.object({ user_id: z.number({ message: staffingMessages.staffMember }).int().positive().max(INT4_MAX) }),
  response: ratioNowSchema,
});

/** The month's 勤務実績 per staff member as CSV (`?month=YYYY-MM`). Not a JSON call. */
export const staffWorkRecordsCsvPath = '/api/staff/facilities/{facilityId}/work-records.csv';
export const workRecordsCsvQuery = z.object({ month: yearMonthString.optional() });
