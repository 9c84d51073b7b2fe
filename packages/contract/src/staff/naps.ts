import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';
import { staffPersonSchema } from './common';

/**
 * 午睡チェック without sensors (staff.md §4): during a class's nap time a check of each sleeping child
 * is due every N minutes (0歳 5, others 10, set per class); one tap records the position and that the
 * child breathes, by the person who looked. うつ伏せ asks for a second look a minute later. Class
 * staff of the class, directors and company admins write; class staff of other classes read; office
 * neither (docs/decisions/naps-sensorless-checks.md).
 */

export const napPositions = ['supine', 'side', 'prone'] as const;
export type NapPosition = (typeof napPositions)[number];
export const napPositionLabels: Record<NapPosition, string> = { supine: '仰向け', side: '横向き', prone: 'うつ伏せ' };

/** Minutes between checks by age band when the class has not set its own (0歳 5, others 10). */
export const defaultNapInterval = (ageBand: number | null) => (ageBand === 0 ? 5 : 10);
/** After うつ伏せ the child is due again after this many minutes (the second look). */
export const PRONE_RECHECK_MINUTES = 1;
export const napIntervalRange = { min: 1, max: 30 } as const;

export const napMessages = {
  interval: `確認の間隔は${napIntervalRange.min}〜${napIntervalRange.max}分で入力してください`,
  position: '体位を選択してください（仰向け・横向き・うつ伏せ）',
  breathing: '呼吸の確認を選択してください',
  notInClass: 'このクラスに今日在籍していない園児です',
  absent: '今日は欠席の連絡がある園児です。午睡チェックは登園している園児だけ記録できます',
  notArrived: 'まだ登園の記録がない園児です。クラスボードで登園を記録してから確認してください',
  pickedUp: '降園済みの園児です。午睡チェックは登園している園児だけ記録できます',
  notClassTablet: 'この端末はゲート（登降園）用です。午睡の状況はクラス用の端末に表示します',
  notStarted: '午睡が始まっていません。「午睡開始」を押してください',
  notToday: '午睡チェックを記録できるのは今日だけです',
  notRunning: '午睡は始まっていないか、すでに終了しています',
  started: '午睡を開始しました',
  ended: '午睡を終了しました',
  saved: '確認の間隔を保存しました',
} as const;

export const napCheckSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  position: z.enum(napPositions),
  breathing_ok: z.boolean(),
  /** 記録者: the person who looked (on a paired tablet, the one who unlocked it with their PIN). */
  by: staffPersonSchema,
  /** The paired tablet it was recorded on; null from a desktop. */
  device: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type NapCheck = z.infer<typeof napCheckSchema>;

/**
 * Who is in the room (docs/decisions/naps-presence.md), from the class board's source (arrivals and
 * pick-ups of the day, guardians' absences): only a present child is due and may be checked.
 */
export const napPresences = ['present', 'absent', 'not_arrived', 'picked_up'] as const;
export type NapPresence = (typeof napPresences)[number];
export const napPresenceLabels: Record<NapPresence, string> = {
  present: '登園中',
  absent: '欠席',
  not_arrived: '未登園',
  picked_up: '降園済み',
};

export const napChildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  /** Today: at this moment; another day: at the day's end. */
  presence: z.enum(napPresences),
  /** Actual times of the day (HH:MM), as the class board. */
  arrived_at: z.string().nullable(),
  picked_up_at: z.string().nullable(),
  /** A guardian reported an absence for the day (shown even when the child came after all). */
  absence_reported: z.boolean(),
  /** The day's checks, oldest first. */
  checks: z.array(napCheckSchema),
  /**
   * When the next check is due (null: no nap running, or the child is not present). The first is due
   * when the nap starts, or when the child arrives during it.
   */
  next_due_at: z.string().nullable(),
  /** The last check found the child うつ伏せ: the next is the second look (due a minute later). */
  recheck: z.boolean(),
});
export type NapChild = z.infer<typeof napChildSchema>;

export const classNapsSchema = z.object({
  class: z.object({ id: z.number().int(), name: z.string(), age_band: z.number().int().nullable() }),
  date: dateString,
  interval_minutes: z.number().int(),
  /** The age band's default (the class uses it until staff set their own). */
  default_interval_minutes: z.number().int(),
  /** The caller may start, check and end today's nap, and change the interval. */
  writable: z.boolean(),
  session: z.object({ started_at: z.string(), ended_at: z.string().nullable() }).nullable(),
  children: z.array(napChildSchema),
});
export type ClassNaps = z.infer<typeof classNapsSchema>;

const classParams = z.object({ classId: idParam });

export const getStaffClassNaps = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/naps',
  summary: 'The class’s nap of a day (today by default): the interval, the session, each child’s checks and next due time',
  params: classParams,
  query: z.object({ date: dateString.optional() }),
  response: classNapsSchema,
});

export const putStaffClassNapSettings = defineCall({
  method: 'PUT',
  path: '/api/staff/classes/{classId}/nap-settings',
  summary: 'Sets the class’s minutes between checks (its class staff, directors, company admins); audited',
  params: classParams,
  body: z.object({
    interval_minutes: z
      .number({ message: napMessages.interval })
      .int(napMessages.interval)
      .min(napIntervalRange.min, napMessages.interval)
      .max(napIntervalRange.max, napMessages.interval),
  }),
  response: classNapsSchema,
});

export const postStaffClassNapStart = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/naps/start',
  summary: 'Starts (or resumes) today’s nap of the class; audited',
  params: classParams,
  response: classNapsSchema,
});

export const postStaffClassNapEnd = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/naps/end',
  summary: 'Ends today’s nap of the class; audited',
  params: classParams,
  response: classNapsSchema,
});

export const postStaffNapCheck = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/nap-checks',
  summary: 'Records one check of a sleeping child (position, breathing) by the caller, on today’s running nap; audited',
  params: classParams,
  body: z.object({
    child_id: z.number({ message: napMessages.notInClass }).int().positive().max(2_147_483_647),
    position: z.enum(napPositions, { message: napMessages.position }),
    breathing_ok: z.boolean({ message: napMessages.breathing }),
  }),
  response: napChildSchema,
  status: 201,
});

/** The day's sheet as CSV (UTF-8 with BOM, CRLF; `?date=YYYY-MM-DD`). Not a JSON call. */
export const staffNapsCsvPath = '/api/staff/classes/{classId}/naps.csv';
export const napsCsvQuery = z.object({ date: dateString.optional() });
