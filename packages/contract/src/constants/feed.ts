/** Constants of the feed area: no zod here, so the web's first load stays small. */

/** Children a single feed call may name (the selector shows one button per activated child). */
export const FEED_MAX_CHILDREN = 20;

export const bannerLevels = ['info', 'alert'] as const;

/** Texts of the feed (F §2). */
export const feedTexts = {
  empty: '表示可能なメッセージがありません。投稿されるまでしばらくお待ちください',
  notAdmitted: (child: string) => `※${child}は施設に入所前または退所後のため、現在はご利用できません。`,
  showMore: 'さらに表示',
  readMore: '…もっとみる',
  readLess: '小さくする',
} as const;
