import { and, count, eq } from 'drizzle-orm';
import { noticeMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { noticeFiles } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { forbidden, invalid, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/files';
import { storeImage } from '../../lib/images';
import { isReadablePdf } from '../../lib/documents';
import { inTransaction, type FacilityGrant, type StaffViewer } from '../access';
import { auditNotice } from './notice-audit';
import { type NoticeRow, NOTICE_FILES_MAX, noticeStatus, mayAddressNotice } from './audience';
import { presentStaffFile } from './presenter';

/* A notice's files: images and readable PDFs, at most NOTICE_FILES_MAX (staff.md §5). */

export function sniffFile(bytes: Buffer): 'image' | 'pdf' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

/**
 * The one writer of a notice's new file (the staff's upload, the demo seed and the tests' factory):
 * the contents decide (JPEG/PNG stored with variants, a readable PDF as is; anything else 422), at
 * most NOTICE_FILES_MAX, audited. The caller has checked the author's right.
 */
export async function attachFile(
  db: Db,
  storage: Storage,
  author: StaffViewer,
  row: NoticeRow,
  file: { name: string; bytes: Buffer },
  now: Date,
) {
  const kind = sniffFile(file.bytes);
  if (!kind || (kind === 'pdf' && !(await isReadablePdf(file.bytes)))) throw invalid('upload_file', noticeMessages.fileType);
  const [{ n }] = (await db.select({ n: count() }).from(noticeFiles).where(eq(noticeFiles.noticeId, row.id))) as [{ n: number }];
  if (n >= NOTICE_FILES_MAX) throw invalid('upload_file', noticeMessages.tooManyFiles);
  let key: string;
  if (kind === 'pdf') {
    key = `notices/${randomToken(16)}.pdf`;
    await storage.put(key, file.bytes);
  } else {
    key = await storeImage(storage, 'notices', file.bytes);
  }
  const name =
    [...file.name]
      .filter((c) => c >= ' ' && c !== '/' && c !== '\\')
      .join('')
      .slice(0, 200) || (kind === 'pdf' ? 'file.pdf' : 'image.jpg');
  // The row and its audit entry together: in the caller's transaction (the seed's) or one of their own.
  const write = async (t: Db) => {
    const [created] = await t
      .insert(noticeFiles)
      .values({
        companyId: row.companyId,
        noticeId: row.id,
        name,
        storageKey: key,
        isDocument: kind === 'pdf',
        byteSize: file.bytes.length,
        sortOrder: Number(n),
      })
      .returning();
    await auditNotice(t, author, now, row, 'notice.file_add', { name, released: noticeStatus(row, now) === 'released' });
    return created!;
  };
  return inTransaction(db) ? write(db) : db.transaction((tx) => write(tx));
}

/** POST …/files: who may address the notice, not withdrawn; answers the file as the compose screen shows it. */
export async function addStaffNoticeFile(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  row: NoticeRow,
  file: { name: string; bytes: Buffer },
  now: Date,
) {
  if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
  if (row.state === 'withdrawn') throw invalid('status', noticeMessages.withdrawnLocked);
  const created = await attachFile(ctx.db, ctx.storage, staff, row, file, now);
  return presentStaffFile(ctx, created);
}

export async function deleteStaffNoticeFile(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  row: NoticeRow,
  fileId: number,
  now: Date,
) {
  if (!(await mayAddressNotice(ctx.db, grant, row, staff.today))) throw forbidden();
  if (row.state === 'withdrawn') throw invalid('status', noticeMessages.withdrawnLocked);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const [gone] = await t
      .delete(noticeFiles)
      .where(and(eq(noticeFiles.id, fileId), eq(noticeFiles.noticeId, row.id)))
      .returning({ name: noticeFiles.name });
    if (!gone) throw notFound();
    await auditNotice(t, staff, now, row, 'notice.file_delete', { name: gone.name });
  });
  return { message: noticeMessages.fileDeleted };
}
