import { z } from 'zod';
import { defineCall, idParam } from '../common';

/**
 * The inspection archive (records.md §6, ペーパーレス監査; issue 33; docs/decisions/records-archive.md):
 * a class's plans, 保育日誌 and children's records of one 年度 as ONE ZIP of PDFs, an index PDF
 * first. Not a JSON call: `?year=YYYY` (the class's 年度 by default); `records.export`, the 園長,
 * 法人管理者 and 主任 on a desktop. Every child's document in it is audited as a read of the child.
 */
export const staffClassRecordsArchivePath = '/api/staff/classes/{classId}/records-archive.zip';

export const recordsArchiveMessages = {
  year: '年度は西暦4桁で指定してください',
  empty: 'この年度のこのクラスの計画・記録はまだありません',
  button: '監査用にまとめてダウンロード（ZIP）',
  request: '監査用ZIPを作成',
  building: '作成中',
  download: '監査用ZIPをダウンロード',
  failed: '監査用ZIPを作成できませんでした。もう一度お試しください',
  again: 'もう一度作成',
  expiredLabel: '期限切れ',
  notReady: '監査用ZIPはまだ作成中です',
  expired: 'ダウンロードの有効期限が切れました。もう一度作成してください',
} as const;

/** How long a built archive can be downloaded (the signed URL's lifetime). */
export const recordsArchiveValidHours = 24;

/** `expired`: past `expires_at` (its file removed from storage by the cleanup, docs/decisions/files-expired-cleanup.md). */
export const recordsArchiveStatuses = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

/**
 * The background build (docs/decisions/records-archive-background.md): the screen asks for the
 * archive, the records archive worker builds it, the screen polls until a signed download URL.
 */
export const recordsArchiveJobSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  status: z.enum(recordsArchiveStatuses),
  /** PDFs made so far, of `total` (the index and each document); 0 of 0 while queued. */
  done: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  /** When the download URL stops (or stopped) working (ready and expired only). */
  expires_at: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** The signed download URL (ready and not expired only). */
  download_url: z.string().nullable(),
});
export type RecordsArchiveJob = z.infer<typeof recordsArchiveJobSchema>;

const archiveYear = z.coerce
  .number({ message: recordsArchiveMessages.year })
  .int(recordsArchiveMessages.year)
  .min(2000, recordsArchiveMessages.year)
  .max(2100, recordsArchiveMessages.year);
const classParams = z.object({ classId: idParam });

export const getStaffClassRecordsArchive = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/records-archives/latest',
  summary: 'The caller’s latest inspection archive of the class and 年度 (null when none was asked for)',
  params: classParams,
  query: z.object({ year: archiveYear }),
  response: z.object({ archive: recordsArchiveJobSchema.nullable() }),
});

export const postStaffClassRecordsArchive = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/records-archives',
  summary:
    'Asks for the class’s 年度 as one ZIP for an inspection (answers the one under way, if any); built in the background, each child’s document audited as a read then',
  params: classParams,
  body: z.object({ year: archiveYear }),
  status: 202,
  response: z.object({ archive: recordsArchiveJobSchema }),
});

/** Not a JSON call: the built ZIP, behind the staff session, the role check and the URL's signature. */
export const staffRecordsArchiveDownloadPath = '/api/staff/classes/{classId}/records-archives/{archiveId}/download';
