/** Constants of the communications area: no zod here, so the web's first load stays small. */
import { limits } from '../messages';

/** Absences may be reported up to the end of the month this many months after the first date (F §5). */
export const absenceMonthsAhead = 2;

export const absenceTypeLabels: Record<number, string> = { 1: '病気', 2: '私用' };

/** absence_type (F §3). */
export const absenceTypes = { sick: 1, personal: 2 } as const;

/** attendance_status_id (F §3 "Attendance item"). */
export const attendanceStatus = { arrival: 1, pickUp: 2, absence: 3 } as const;

export const attendanceStatusLabels: Record<number, string> = { 1: '登園時間の変更', 2: 'お迎え時間の変更', 3: '欠席' };

/** Texts of the area (F §5, §8 and the decisions in docs/decisions/communications-*.md). */
export const communicationMessages = {
  notEnrolled: '施設に入所しているお子さまがいないため、施設への連絡はご利用できません。',
  childNotEnrolled: 'このお子さまは施設に入所前または退所後のため、現在はご利用できません。',
  readOnly: '閲覧のみの権限のため、このお子さまの連絡はできません。',
  familyInfoLoadFailed: 'システムエラー',
  noChildRegistered: 'お子さまの情報が登録されていません',
  alreadyAbsent: '既に欠席の連絡をしているため、登園・お迎え時間の変更はできません。施設へ直接ご連絡ください。',
  pastDate: '過去の日付は選択できません',
  duplicateDates: '日付が重複しています',
  diseaseRequired: '症状・病名を選択してください',
  diseaseUnknown: '選択された症状・病名が正しくありません',
  absenceDateRequired: '欠席日を選択してください',
  absenceDateTooFar: '選択できない日付が含まれています。最初の日付の2か月後の月末までの日付を選択してください',
  absenceAlreadySent: 'すでに欠席連絡をしている日付が含まれています',
  absenceAlreadySentOn: (monthDay: string) => `${monthDay}はすでに欠席連絡済みです`,
  absenceTypeRequired: '欠席理由を選択してください',
  attendanceTypeRequired: '変更する時間の種類を選択してください',
  timeRequired: '時刻を選択してください',
  timeFormat: '時刻の形式が正しくありません',
  timeStep: '時刻は5分単位で選択してください',
  noteTooLong: `備考は${limits.attendanceNote}文字以内で入力してください`,
  contactTextTooLong: `${limits.contactBookText}文字以内で入力してください`,
  temperatureInvalid: '体温は選択肢から選んでください',
  defecationInvalid: '排便は選択肢から選んでください',
  sendOnlyToday: '連絡帳は当日のみ送信できます',
  draftOutOfRange: 'この日の連絡帳は編集できません',
  alreadySent: 'この日の連絡帳は送信済みのため変更できません',
  nextDayNote: '連絡帳は当日に送信できます',
  unsavedConfirm: '入力中の内容は破棄されます。よろしいですか？',
  draftSaved: '連絡帳を一時保存しました',
  sent: '連絡帳を送信しました',
  attendanceSent: '登園・お迎え時間の変更を連絡しました',
  absenceSent: '欠席の連絡をしました',
  scheduleRange: (first: string, last: string, deadline: string) =>
    `${first}〜${last}は翌月登園予定の登録期間中（締切：${deadline}）です。翌月登園予定登録から変更してください`,
} as const;

/**
 * Offline-capable sends (absence, time change, contact book) may carry this header: a unique id
 * per report made on the device. The server stores it with the record and answers a second
 * delivery of the same id as the first, writing nothing, and says so in `idempotentReplayHeader`.
 */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotentReplayHeader = 'idempotent-replayed';
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{16,100}$/;
export const idempotencyKeyInvalid = '送信IDの形式が正しくありません';

/** A same-payload send repeated within this many seconds is answered without a second record. */
export const dedupeWindowSeconds = 10;

/** The hour a time select opens at when empty (F §9). */
export const defaultFocusHours = {
  arrival: '09',
  pickUp: '18',
  sleep: '21',
  wake: '07',
  thermometry: '07',
  defecation: '07',
} as const;

export const defecationCategoryLabels: Record<number, string> = { 1: 'うんち', 2: 'なし' };

export const defecationStatusLabels: Record<number, string> = { 1: '普通', 2: '軟便', 3: '下痢', 4: '硬便', 5: '出ていない' };

/** The defecation list of the contact book (F §3 "Server constant: defecations"). */
export const defecations = [
  { name: '普通', category_id: 1, status_id: 1 },
  { name: '軟便', category_id: 1, status_id: 2 },
  { name: '下痢', category_id: 1, status_id: 3 },
  { name: '硬便', category_id: 1, status_id: 4 },
  { name: '出ていない', category_id: 2, status_id: 5 },
] as const;

export const diseaseTypes = ['disease', 'symptom'] as const;

export const hourOptions: readonly string[] = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** Meal categories of the contact book: the day before's dinner and the day's breakfast. */
export const mealCategories = { dinner: { id: 1, label: '前日の夕食' }, breakfast: { id: 2, label: '朝食' } } as const;

export const minuteOptions: readonly string[] = Array.from({ length: 60 / limits.minuteStep }, (_, i) =>
  String(i * limits.minuteStep).padStart(2, '0'),
);

/** The pool field shows in this season (MM-DD, inclusive); see docs/decisions/communications-contact-book-days.md. */
export const poolSeason = { from: '07-01', to: '08-31' } as const;

export const temperatureNotSelectedLabel = '未選択';

/** 'not selected' is the empty string; then 35.0 … 41.9 by 0.1, then 42.0 (F §5). */
export const temperatureOptions: readonly string[] = [...Array.from({ length: 70 }, (_, i) => (35 + i / 10).toFixed(1)), '42.0'];

/** Time selects: hours 00–23, minutes by 5, '--' for empty (F §5, §9). */
export const timeEmpty = '--';
