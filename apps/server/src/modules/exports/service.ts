import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { childExportDownloadPath, exportLimits, exportMessages as M, tokyoDate, type ChildExport } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childExports, children, dailyNotes, familyInformation, noteChildren, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { repeatInBackground } from '../../lib/repeat';
import type { Viewer } from '../../lib/sessions';
import { authorizeChild, enrolmentCovers, findLink, isMainGuardianOf, nc } from '../access';
import {
  type GeneratedFileKind,
  type JobProgress,
  JobRefused,
  jobView,
  openJobFile,
  runGeneratedFileJobs,
  unfinished,
} from '../files/service';
import { familyCsv, notesCsv, printablePage } from './documents';

/*
 * A child's archive (docs/decisions/exports-child-archive.md). The guardian's calls only write a
 * row; the export worker builds the ZIP on local disk as it streams (constant memory), stores it,
 * marks the row ready and mails the link, in one transaction.
 */

type Row = typeof childExports.$inferSelect;

/** The child's archive as a generated-file job (modules/files/jobs.ts). */
const exportJobs: GeneratedFileKind<typeof childExports> = {
  table: childExports,
  name: 'child export',
  leaseMs: 10 * 60 * 1000,
  maxAttempts: 3,
  validHours: exportLimits.validHours,
  tmpPrefix: 'renraku-export-',
  folder: 'exports',
  keyLabel: 'export-key',
  signLabel: 'child-export',
  scopeOf: (row) => row.childId,
  downloadPathOf: (row) =>
    childExportDownloadPath.replace('{childId}', String(row.childId)).replace('{exportId}', String(row.id)),
};

const present = (ctx: AppContext, row: Row, now: Date): ChildExport => ({
  id: row.id,
  ...jobView(ctx.config.sessionSecret, exportJobs, row, now),
});

const authorizeMain = (ctx: AppContext, viewer: Viewer, childId: number) =>
  authorizeChild(ctx, viewer, childId, 'manage', { forbidden: M.mainOnly });

/** The caller's latest archive of the child; main guardians only. */
export async function latestExport(ctx: AppContext, viewer: Viewer, childId: number, now: Date) {
  await authorizeMain(ctx, viewer, childId);
  const [row] = await ctx.db
    .select()
    .from(childExports)
    .where(and(eq(childExports.childId, childId), eq(childExports.userId, viewer.userId)))
    .orderBy(desc(childExports.createdAt), desc(childExports.id))
    .limit(1);
  return { export: row ? present(ctx, row, now) : null };
}

/** Asks for an archive: the one under way if any, else a new one (at most 3 a day per child and guardian). */
export async function requestExport(ctx: AppContext, viewer: Viewer, childId: number, now: Date) {
  await authorizeMain(ctx, viewer, childId);
  const row = await ctx.db.transaction(async (tx) => {
    // One request at a time per guardian and child (a double tap asks once).
    await tx.execute(sql`select pg_advisory_xact_lock(5020, ${childId})`);
    const mine = and(eq(childExports.childId, childId), eq(childExports.userId, viewer.userId));
    const [open] = await tx
      .select()
      .from(childExports)
      .where(and(mine, unfinished(childExports)))
      .limit(1);
    if (open) return open;
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(childExports)
      .where(and(mine, gt(childExports.createdAt, since)))) as [{ n: number }];
    if (n >= exportLimits.perDay) throw new HttpError(429, M.tooMany);
    const [created] = await tx.insert(childExports).values({ userId: viewer.userId, childId, createdAt: now }).returning();
    return created!;
  });
  return { export: present(ctx, row, now) };
}

/** The archive's bytes for the download route: the session's user, still the main guardian, a valid signature. */
export async function openDownload(
  ctx: AppContext,
  viewer: Viewer,
  childId: number,
  exportId: number,
  query: { exp?: string; sig?: string },
  now: Date,
) {
  await authorizeMain(ctx, viewer, childId);
  const [row] = await ctx.db
    .select()
    .from(childExports)
    .where(and(eq(childExports.id, exportId), eq(childExports.childId, childId), eq(childExports.userId, viewer.userId)));
  if (!row) throw notFound();
  const stream = await openJobFile(ctx, exportJobs, row, query, now, M);
  const [child] = await ctx.db.select({ name: children.firstName }).from(children).where(eq(children.id, childId));
  return { stream, fileName: `${child?.name ?? 'child'}_${tokyoDate(row.createdAt)}.zip`, sizeBytes: row.sizeBytes };
}

// -------------------------------------------------------------------------------------------------
// The worker

interface Photo {
  storageKey: string;
  date: string;
  kind: 'note' | 'class';
}

/**
 * Every photo the family was allowed to see, as the feed shows them (feed/service.ts): the
 * published notes' images of the child's enrolments, and the published class photos of the
 * enrolment's class on days its stay covers; up to today.
 */
async function photosOf(db: Db, childId: number, today: string): Promise<Photo[]> {
  const { rows } = (await db.execute(sql`
    select ff.storage_key, dn.date::text as date, 'note' as kind, ff.sort_order, ff.id
    from note_children nc join daily_notes dn on dn.note_child_id = nc.id and dn.published_at is not null and dn.date <= ${today}
      join feed_files ff on ff.daily_note_id = dn.id and not ff.is_document
    where nc.child_id = ${childId}
    union all
    select ff.storage_key, cb.date::text, 'class', ff.sort_order, ff.id
    from note_children nc join class_broadcasts cb on cb.class_id = nc.class_id and cb.published_at is not null
        and cb.date <= ${today} and ${enrolmentCovers(nc, sql`cb.date`)}
      join feed_files ff on ff.class_broadcast_id = cb.id and not ff.is_document
    where nc.child_id = ${childId}
    order by 2, 3 desc, 4, 5`)) as unknown as { rows: { storage_key: string; date: string; kind: 'note' | 'class' }[] };
  return rows.map((r) => ({ storageKey: r.storage_key, date: r.date, kind: r.kind }));
}

/** Dated names: `写真/2026-06-10_今日の写真_01.jpg`, numbered per day and kind. */
function photoNames(photos: Photo[]): string[] {
  const counts = new Map<string, number>();
  return photos.map((p) => {
    const label = p.kind === 'note' ? '今日の写真' : 'クラスの写真';
    const key = `${p.date}_${label}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const ext = /\.(\w+)$/.exec(p.storageKey)?.[1]?.toLowerCase() ?? 'jpg';
    return `写真/${key}_${String(n).padStart(2, '0')}.${ext}`;
  });
}

async function historyOf(db: Db, childId: number, today: string) {
  const notes = await db
    .select({ note: dailyNotes })
    .from(dailyNotes)
    .innerJoin(nc, eq(nc.id, dailyNotes.noteChildId))
    .where(and(eq(nc.childId, childId), sql`${dailyNotes.publishedAt} is not null`, sql`${dailyNotes.date} <= ${today}`))
    .orderBy(asc(dailyNotes.date));
  const family = await db
    .select({ entry: familyInformation })
    .from(familyInformation)
    .innerJoin(noteChildren, eq(noteChildren.id, familyInformation.noteChildId))
    .where(and(eq(noteChildren.childId, childId), eq(familyInformation.isSent, true)))
    .orderBy(asc(familyInformation.contactOn));
  return { notes: notes.map((r) => r.note), family: family.map((r) => r.entry) };
}

/** Builds one job's ZIP on local disk; progress is written every few files. */
async function buildArchive(ctx: AppContext, job: Row, childName: string, today: string, file: string, progress: JobProgress) {
  const photos = await photosOf(ctx.db, job.childId, today);
  const history = await historyOf(ctx.db, job.childId, today);
  const names = photoNames(photos);
  await progress.start(photos.length + 3);

  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, fs.createWriteStream(file));
  zip.addBuffer(Buffer.from(notesCsv(history.notes), 'utf8'), '連絡帳_施設から.csv');
  zip.addBuffer(Buffer.from(familyCsv(history.family), 'utf8'), '連絡帳_家庭から.csv');
  zip.addBuffer(Buffer.from(printablePage(childName, history.notes, history.family), 'utf8'), '記録.html');
  let done = 3;
  photos.forEach((photo, i) => {
    // Photos are compressed already: stored as they are, read one at a time as the ZIP is written.
    zip.addReadStreamLazy(names[i]!, { compress: false }, (callback) => {
      void ctx.storage.get(photo.storageKey).then(
        async (stream) => {
          done += 1;
          if (done % 10 === 0) await progress.done(done);
          // A file gone from storage (deleted meanwhile) is an empty entry, not a failed archive.
          callback(null, stream ?? (await import('node:stream')).Readable.from([]));
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  });
  zip.end();
  await written;
}

/**
 * Runs the waiting jobs one by one (the export worker calls it every few seconds; tests call it
 * directly): the archive built, stored, marked ready and its link mailed in one transaction.
 * Answers how many archives it finished.
 */
export function runExportJobs(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  return runGeneratedFileJobs(ctx, exportJobs, now, {
    build: async (job, file, progress) => {
      // Checked again when it runs: a guardian who is no longer the main guardian gets nothing.
      if (!isMainGuardianOf(await findLink(ctx.db, job.userId, job.childId))) throw new JobRefused('not main');
      const [child] = await ctx.db.select().from(children).where(eq(children.id, job.childId));
      await buildArchive(ctx, job, child!.firstName, tokyoDate(now()), file, progress);
      return child!.firstName;
    },
    ready: async (tx, job, childName, expiresAt) => {
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, job.userId));
      if (!user) return;
      await enqueueMail(tx, {
        to: user.email,
        userId: job.userId,
        kind: 'child_export',
        subject: M.mailSubject,
        text: exportMailText(ctx, childName, job.childId, expiresAt),
      });
    },
  });
}

function exportMailText(ctx: AppContext, childName: string, childId: number, expiresAt: Date) {
  const until = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(expiresAt);
  return [
    `${childName}さんのデータ（写真と連絡帳の記録）の準備ができました。`,
    `次のページからダウンロードしてください（${until}まで）。`,
    '',
    new URL(`/children/${childId}/export`, ctx.config.appUrl).toString(),
    '',
    'このメールに心当たりがない場合は、このメールを破棄してください。',
  ].join('\n');
}

/** Starts the worker in the server process: every 5 s, one job at a time; answers the stop function. */
export function startExportWorker(ctx: AppContext, intervalMs = 5000, now: () => Date = () => new Date()): () => void {
  return repeatInBackground(ctx.log, { name: 'export worker', intervalMs }, () => runExportJobs(ctx, now));
}
