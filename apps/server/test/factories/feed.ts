import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../src/db/client';
import { classBroadcasts, classes, dailyNotes, familyInformation, feedFiles, noteChildren } from '../../src/db/schema';
import type { Storage } from '../../src/lib/files';
import { storeImage } from '../../src/lib/images';

/** A published daily note with every field filled (override any). */
export async function buildDailyNote(
  db: Db,
  noteChild: { id: number; companyId: number },
  date: string,
  input: Partial<typeof dailyNotes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(dailyNotes)
    .values({
      companyId: noteChild.companyId,
      noteChildId: noteChild.id,
      date,
      attendanceTime: '08:30',
      leavingTime: '17:45',
      text: `${date}の様子です。`,
      employeeName: '佐々木 先生',
      thermometries: [{ time: '09:00', thermometry: 36.5 }],
      sleeps: [{ start: '12:30', end: '14:30' }],
      defecations: [{ time: '10:15', category: 'うんち', status: '普通' }],
      schoolMeal: '鮭の塩焼き、ひじき煮',
      lunchItems: [{ categoryLabel: '主食', amountLabel: '完食' }],
      lunchNote: 'よく食べました',
      snackMorning: '牛乳',
      snackAfternoon: 'おにぎり',
      snackContactToParents: 'おかわりしました',
      milks: [{ id: 1, time: '10:00', amount: 120, contactToParents: null }],
      publishedAt: new Date('2020-01-01T00:00:00Z'),
      ...input,
    })
    .returning();
  return row!;
}

export async function buildClassFor(db: Db, noteChild: { id: number; companyId: number; facilityId: number }) {
  const [klass] = await db
    .insert(classes)
    .values({ companyId: noteChild.companyId, facilityId: noteChild.facilityId, name: 'ひよこ組', fiscalYear: 2026 })
    .returning();
  await db.update(noteChildren).set({ classId: klass!.id }).where(eq(noteChildren.id, noteChild.id));
  return klass!;
}

export async function buildBroadcast(
  db: Db,
  klass: { id: number; companyId: number; facilityId: number },
  date: string,
  files: { key: string; size?: number }[],
) {
  const [broadcast] = await db
    .insert(classBroadcasts)
    .values({
      companyId: klass.companyId,
      facilityId: klass.facilityId,
      classId: klass.id,
      date,
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning();
  if (files.length) {
    await db.insert(feedFiles).values(
      files.map((f, i) => ({
        companyId: klass.companyId,
        classBroadcastId: broadcast!.id,
        storageKey: f.key,
        name: `写真${i + 1}.jpg`,
        sizeBytes: f.size ?? 1000,
        sortOrder: i,
      })),
    );
  }
  return broadcast!;
}

export async function buildNoteFile(
  db: Db,
  note: { id: number; companyId: number },
  file: { key: string; name?: string; isDocument?: boolean; size?: number },
) {
  const [row] = await db
    .insert(feedFiles)
    .values({
      companyId: note.companyId,
      dailyNoteId: note.id,
      storageKey: file.key,
      name: file.name ?? '写真.jpg',
      isDocument: file.isDocument ?? false,
      sizeBytes: file.size ?? 2048,
    })
    .returning();
  return row!;
}

export async function buildFamilyInformation(
  db: Db,
  noteChild: { id: number; companyId: number },
  contactOn: string,
  input: Partial<typeof familyInformation.$inferInsert> = {},
) {
  const [row] = await db
    .insert(familyInformation)
    .values({
      companyId: noteChild.companyId,
      noteChildId: noteChild.id,
      contactOn,
      sleepStartedAt: '21:00',
      sleepEndedAt: '07:00',
      temperature: '36.8',
      thermometryDoneAt: '07:10',
      defecationCategoryId: 1,
      defecationStatusId: 1,
      defecationDoneAt: '07:20',
      dinner: 'カレーライス',
      breakfast: 'パンと牛乳',
      message: '元気です',
      isParticipate: true,
      isSent: true,
      ...input,
    })
    .returning();
  return row!;
}

const stored = new WeakMap<Storage, Promise<string>>();
/** A large, noisy (hard to compress) photo stored with its variants, as staff uploads would be; made once per storage. */
export function storeBigPhoto(storage: Storage): Promise<string> {
  let key = stored.get(storage);
  if (!key) stored.set(storage, (key = makeBigPhoto(storage)));
  return key;
}

async function makeBigPhoto(storage: Storage) {
  const input = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return storeImage(storage, 'feed', input);
}
