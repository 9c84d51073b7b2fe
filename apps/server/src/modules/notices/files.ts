import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { noticeFiles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../access';
import { addressedTargets } from './targets';

/** Signed document URLs from the reload call live this long (F §7: the web navigates at once). */
export const FILE_URL_TTL_SEC = 300;

/** GET …/files/{fileId}/reload: a short-lived signed URL of the original file. */
export async function reloadFileUrl(
  ctx: AppContext,
  viewer: Viewer,
  now: Date,
  noticeId: number,
  fileId: number,
  childIds: number[],
): Promise<string> {
  const targets = await addressedTargets(ctx.db, viewer, now, noticeId, childIds);
  if (targets.length === 0) throw notFound();
  const [file] = await ctx.db
    .select({ key: noticeFiles.storageKey })
    .from(noticeFiles)
    .where(and(eq(noticeFiles.id, fileId), eq(noticeFiles.noticeId, noticeId)));
  if (!file) throw notFound();
  return ctx.files.url(file.key, { ttlSec: FILE_URL_TTL_SEC })!;
}
