/** Texts of the guardian's one-time pick-up codes (staff.md §6): no zod here, so the web's first load stays small. */
export const pickupCodeTexts = {
  title: 'お迎えコード',
  lead: 'ご登録のない方がお迎えに行くときに、1回だけ使える6桁のコードを発行できます。コードは本日中有効です。',
  mainOnly: 'お迎えコードの発行は代表者のみ行えます',
  issued: 'お迎えコードを発行しました',
  shownOnce: 'このコードは今だけ表示されます。お迎えに行く方にお伝えください。',
  deleted: 'お迎えコードを取り消しました',
  used: '使用済み',
  expired: '期限切れ',
  notFound: 'お迎えコードが見つかりません',
  alreadyUsed: '使用済みのお迎えコードは取り消せません',
  tooMany: '本日発行できるお迎えコードは10件までです',
} as const;

/** Most codes of one child issued in one day. */
export const PICKUP_CODES_PER_DAY = 10;
