/* The child archive's texts and limits (exports.ts), without zod for the web. */

export const exportMessages = {
  mainOnly: 'データのダウンロードは主たる保護者のみご利用いただけます',
  tooMany: 'データの準備は1日3回までです。明日以降にお試しください',
  notReady: 'データはまだ準備中です',
  expired: 'ダウンロードの有効期限が切れました。もう一度準備してください',
  expiredLabel: '期限切れ',
  mailSubject: '【れんらくノート】データのダウンロードの準備ができました',
} as const;

export const exportLimits = {
  /** Requests per child and guardian in 24 hours. */
  perDay: 3,
  /** How long a prepared archive can be downloaded. */
  validHours: 72,
} as const;

/** `expired`: past `expiresAt` (its file removed from storage by the cleanup, docs/decisions/files-expired-cleanup.md). */
export const exportStatusValues = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

/** Not a JSON call: the ZIP itself, behind the session, the main-guardian check and the signature. */
export const childExportDownloadPath = '/api/children/{childId}/exports/{exportId}/download';
