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

/**
 * The children the home feed shows when the phone has no choice of its own (F §2): those of the
 * activated links of `GET /api/children`, in its order; a pending invitation none. The guardian app
 * (its early requests, seeded queries and screen) and the server's first answers written into the
 * page ask for the same feed with it (docs/decisions/web-first-answers-home-children.md). Access is
 * the feed call's: the kernel keeps a caller to their activated links whatever ids are asked for.
 */
export const homeFeedChildIds = (children: readonly { id: number; pivot: { activated: boolean | null } }[]): number[] =>
  children.filter((c) => c.pivot.activated === true).map((c) => c.id);
