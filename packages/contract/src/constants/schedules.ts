/** Constants of the schedules area: no zod here, so the web's first load stays small. */

export const scheduleLimits = {
  remarks: 255,
  bulkDates: 31,
  defaultAttendanceTime: '08:00',
  defaultLeavingTime: '17:00',
  attendanceFocusHour: '08',
  leavingFocusHour: '17',
} as const;

/** Texts and limits of next-month attendance schedules (F §2 Schedules, §5, §9). */
export const scheduleTexts = {
  title: '翌月登園予定登録',
  prompt: '翌月登園予定登録をするお子さまを選択してください',
  bulkConfirm: 'まとめて登録してもよろしいでしょうか？',
  monthOutOfRange: '表示・登録できるのは今月と翌月の予定のみです',
  outsideWindow: 'この日付は登園予定の登録受付期間外です',
  deadlinePassed: '登録期限を過ぎているため、登録・変更できません',
  pastDate: '過去の日付は登録できません',
  attendanceRequired: '登園時間を入力してください',
  leavingRequired: 'お迎え時間を入力してください',
  minuteStep: '時刻は5分単位で入力してください',
  leavingAfterAttendance: 'お迎え時間は登園時間より後の時刻を入力してください',
  remarksTooLong: '自由記入欄は255文字以内で入力してください',
  datesRequired: '日付を選択してください',
  datesDuplicated: '日付が重複しています',
  dateChanged: '日付は変更できません',
  notEnrolled: '施設に入所中のお子さまのみ登録できます',
} as const;
