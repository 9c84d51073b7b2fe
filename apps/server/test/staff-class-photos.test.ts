import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  addDays,
  deleteStaffPhotoFile,
  emptyDailyNoteContent,
  getChildrenContent,
  getStaffClassPhotos,
  guardianMessages,
  photoMessages,
  postStaffClassDailyNotesPublish,
  postStaffClassPhoto,
  putStaffClassDailyNoteDrafts,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, childUser, classBroadcasts, feedFiles, noteChildren, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed/accounts';
import { buildChild, buildStaff, buildUser, linkGuardian } from './factories';
import { call, callRaw, type Agent, type StaffPersona } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';

const today = tokyoDate(new Date());

const { t, db, w, as } = setupStaffWorld();
/** A second family in class A: child B and its guardian. */
let b: Awaited<ReturnType<typeof buildChild>>;
let guardianB: Agent;
let photo: Buffer;

/** A JPEG carrying EXIF with GPS, as a tablet camera writes it. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RenrakuTab' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2910/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 2838/100' },
    })
    .toBuffer();

beforeAll(async () => {
  b = await buildChild(db(), { facilityId: w.facilityId, firstName: 'びー' });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, b.noteChild.id));
  const parentB = await buildUser(db());
  await linkGuardian(db(), b.child.id, parentB.id, { main: true, writable: true });
  guardianB = await t.signIn(parentB);
  photo = await jpegWithGps();
}, 120_000);

const classParams = () => ({ classId: w.classA.id });
function upload(
  agent: Agent,
  tags: { child_ids?: number[]; to_class?: boolean },
  options: { date?: string; data?: Buffer | null; classId?: number } = {},
) {
  const parts: { name: string; value?: string; filename?: string; data?: Buffer }[] = [
    { name: 'date', value: options.date ?? today },
    { name: 'child_ids', value: (tags.child_ids ?? []).join(',') },
    { name: 'to_class', value: tags.to_class ? 'true' : 'false' },
    { name: 'content_name', value: 'IMG_0001.jpg' },
  ];
  if (options.data !== null) parts.push({ name: 'upload_file', filename: 'IMG_0001.jpg', data: options.data ?? photo });
  return callRaw(agent, postStaffClassPhoto, { params: { classId: options.classId ?? w.classA.id }, multipart: parts as never });
}
const stored = async () => ({
  files: (await db().select({ n: count() }).from(feedFiles))[0]!.n,
  audit: (await db().select({ n: count() }).from(auditLog))[0]!.n,
});
const feedOf = async (agent: Agent, childIds: number[]) => {
  const res = await call(agent, getChildrenContent, { query: { children: childIds } });
  expect(res.statusCode).toBe(200);
  return res.data;
};
/** Every stored key a feed answer hands out a URL for. */
const keysIn = (answer: unknown) =>
  [...JSON.stringify(answer).matchAll(/\/files\/([^"?]+)\?/g)].map((m) => m[1]!.replace(/\.(thumb|medium)$/, ''));
const publishFor = async (childId: number) => {
  const content = { ...emptyDailyNoteContent(), text: '砂場で遊びました' };
  const drafts = await call(as.classStaffA, putStaffClassDailyNoteDrafts, {
    params: classParams(),
    body: { date: today, drafts: [{ child_id: childId, content }] },
  });
  expect(drafts.statusCode).toBe(200);
  const published = await call(as.classStaffA, postStaffClassDailyNotesPublish, {
    params: classParams(),
    body: { date: today, child_ids: [childId] },
  });
  expect(published.statusCode).toBe(200);
};

/** Writes: the class's own staff, the director and the company admin; another class's staff and office 403. */
const writeMatrix = (ok: number) => ({ ...statuses(ok, { office: 403, classStaff: ok }), classStaffB: 403 });

describe('the class photos of a day (GET)', () => {
  it('every role but office reads; only the own class is writable', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent) =>
      call(agent, getStaffClassPhotos, { params: classParams(), query: {} }),
    );
    const mine = await call(as.classStaffA, getStaffClassPhotos, { params: classParams(), query: {} });
    const other = await call(as.classStaffB, getStaffClassPhotos, { params: classParams(), query: {} });
    expect([mine.data.can_write, other.data.can_write]).toEqual([true, false]);
    expect([mine.data.can_remove, other.data.can_remove]).toEqual([true, false]);
    // An old day: no more uploads, but a wrong photo can still be taken off.
    const old = await call(as.classStaffA, getStaffClassPhotos, { params: classParams(), query: { date: addDays(today, -30) } });
    expect([old.data.can_write, old.data.can_remove]).toEqual([false, true]);
    expect(mine.data.children.map((c) => c.id).sort()).toEqual([w.family.child.id, b.child.id].sort());
    expectInvalid(
      await callRaw(as.director, getStaffClassPhotos, { params: classParams(), query: { date: '2026-02-30' } }),
      'date',
    );
  });
});

describe('upload (POST, multipart)', () => {
  it('persona matrix: the class staff, director and company admin upload; nothing stored for the others', async () => {
    const before = await stored();
    await expectMatrix(as, writeMatrix(201), (agent) => upload(agent, { to_class: true }));
    const after = await stored();
    // Three uploads: three placements and three audit entries.
    expect([after.files - before.files, after.audit - before.audit]).toEqual([3, 3]);
  });

  it('bad input → 4xx in Japanese, nothing stored', async () => {
    const other = await buildChild(db());
    const classB = await buildChild(db(), { facilityId: w.facilityId });
    await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, classB.noteChild.id));
    const before = await stored();
    expectInvalid(await upload(as.classStaffA, {}), 'child_ids', photoMessages.noTag);
    expectInvalid(await upload(as.classStaffA, { child_ids: [other.child.id] }), 'child_ids', photoMessages.notInClass);
    expectInvalid(await upload(as.classStaffA, { child_ids: [classB.child.id] }), 'child_ids', photoMessages.notInClass);
    expectInvalid(
      await upload(as.classStaffA, { child_ids: [w.family.child.id] }, { data: Buffer.from('%PDF-1.4 not an image') }),
      'upload_file',
      guardianMessages.imageRequired,
    );
    expectInvalid(
      await upload(as.classStaffA, { child_ids: [w.family.child.id] }, { data: Buffer.alloc(20_000_001, 0xff) }),
      'upload_file',
      guardianMessages.imageTooLarge,
    );
    expectInvalid(await upload(as.classStaffA, { to_class: true }, { data: null }), 'upload_file');
    expectInvalid(await upload(as.classStaffA, { to_class: true }, { date: '2026-02-30' }), 'date');
    expectInvalid(await upload(as.classStaffA, { to_class: true }, { date: addDays(today, 1) }), 'date');
    expectInvalid(await upload(as.classStaffA, { to_class: true }, { date: addDays(today, -8) }), 'date');
    const bad = await callRaw(as.classStaffA, postStaffClassPhoto, {
      params: classParams(),
      multipart: [
        { name: 'date', value: today },
        { name: 'child_ids', value: '1,abc' },
        { name: 'upload_file', filename: 'a.jpg', data: photo },
      ] as never,
    });
    expectInvalid(bad, 'child_ids');
    // Another facility's class does not exist for its staff; nothing stored either way.
    expect((await upload(as.otherFacility, { to_class: true })).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('a child-tagged photo reaches only that child’s family, with the note’s 公開; the class photo every family of the class', async () => {
    const childPhoto = await upload(as.classStaffA, { child_ids: [w.family.child.id] });
    expect(childPhoto.statusCode).toBe(201);
    const placed = childPhoto.json() as {
      id: number;
      thumb_url: string;
      placements: { child: { id: number } | null; visible: boolean }[];
    };
    expect(placed.placements).toEqual([
      { file_id: placed.id, child: { id: w.family.child.id, name: expect.any(String) }, visible: false },
    ]);
    const [row] = await db().select().from(feedFiles).where(eq(feedFiles.id, placed.id));
    const keyA = row!.storageKey;
    // Stored as guardians' uploads: re-encoded without EXIF, with the variants.
    const served = await as.classStaffA.get(placed.thumb_url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const original = await t.storage.get(keyA);
    expect(original).not.toBeNull();
    original!.destroy();

    // Before 公開, no guardian sees it.
    expect(keysIn(await feedOf(as.guardian, [w.family.child.id]))).not.toContain(keyA);

    // 公開 of child A's note: A's family sees the photo and the class photos; B's family does not see A's photo.
    await publishFor(w.family.child.id);
    const feedA = await feedOf(as.guardian, [w.family.child.id]);
    const cardA = feedA.data[today]![0]!.message!.employeeInfo;
    expect(cardA.employeeMessageFiles.map((f) => f.id)).toEqual([placed.id]);
    expect(cardA.broadcastMessageFiles.length).toBeGreaterThanOrEqual(3);
    const feedB = await feedOf(guardianB, [b.child.id]);
    expect(keysIn(feedB)).not.toContain(keyA);
    expect(feedB.data[today]![0]!.message!.employeeInfo.employeeMessageFiles).toEqual([]);
    expect(feedB.data[today]![0]!.message!.employeeInfo.broadcastMessageFiles.length).toBe(cardA.broadcastMessageFiles.length);

    // A photo tagged to a child whose note is published is seen at once; the staff list says so.
    const late = (await upload(as.classStaffA, { child_ids: [w.family.child.id, b.child.id] })).json() as {
      placements: { child: { id: number } | null; visible: boolean }[];
    };
    expect(late.placements.map((p) => [p.child?.id, p.visible])).toEqual(
      expect.arrayContaining([
        [w.family.child.id, true],
        [b.child.id, false],
      ]),
    );
    const list = await call(as.classStaffA, getStaffClassPhotos, { params: classParams(), query: {} });
    expect(list.data.photos.length).toBeGreaterThanOrEqual(5);

    // The signed URL of A's photo: A's family loads it; B's family cannot make one (a signature of
    // one of their own URLs on A's key is refused).
    const urlA = cardA.employeeMessageFiles[0]!.fileUrl;
    expect((await as.guardian.get(urlA)).statusCode).toBe(200);
    const urlB = feedB.data[today]![0]!.message!.employeeInfo.broadcastMessageFiles[0]!.fileUrl;
    const forged = urlB.replace(/^\/files\/[^?]+/, `/files/${keyA}.thumb`);
    expect((await guardianB.get(forged)).statusCode).toBe(403);
  });

  it('removing a wrong tag (audited) takes it off that family’s feed; the image goes with its last placement', async () => {
    const made = (await upload(as.classStaffA, { child_ids: [w.family.child.id, b.child.id] })).json() as {
      placements: { file_id: number; child: { id: number } | null }[];
    };
    const wrong = made.placements.find((p) => p.child?.id === b.child.id)!;
    const right = made.placements.find((p) => p.child?.id === w.family.child.id)!;
    const [row] = await db().select().from(feedFiles).where(eq(feedFiles.id, wrong.file_id));
    const key = row!.storageKey;
    // The matrix on placements of their own: the allowed three remove one each; the others try a fourth.
    const spare: number[] = [];
    for (let i = 0; i < 4; i++) spare.push((await upload(as.director, { to_class: true })).json().id as number);
    const allowed: StaffPersona[] = ['companyAdmin', 'director', 'classStaffA'];
    await expectMatrix(as, writeMatrix(200), (agent, persona) =>
      call(agent, deleteStaffPhotoFile, { params: { fileId: spare[allowed.indexOf(persona)] ?? spare[3]! } }),
    );
    expect((await call(as.classStaffB, deleteStaffPhotoFile, { params: { fileId: wrong.file_id } })).statusCode).toBe(403);
    const removed = await call(as.classStaffA, deleteStaffPhotoFile, { params: { fileId: wrong.file_id } });
    expect([removed.statusCode, removed.data.message]).toEqual([200, photoMessages.removed]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.remove'), eq(auditLog.targetId, wrong.file_id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.childId).toBe(b.child.id);
    // Still stored: A's placement uses it.
    const kept = await t.storage.get(key);
    expect(kept).not.toBeNull();
    kept!.destroy();
    expect((await call(as.director, deleteStaffPhotoFile, { params: { fileId: right.file_id } })).statusCode).toBe(200);
    expect(await t.storage.get(`${key}.thumb`)).toBeNull();
    expect((await call(as.director, deleteStaffPhotoFile, { params: { fileId: right.file_id } })).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('class photos uploaded at once on a new day make one broadcast of the day', async () => {
    const day = addDays(today, -2);
    const answers = await Promise.all([1, 2, 3].map(() => upload(as.classStaffA, { to_class: true }, { date: day })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const broadcasts = await db()
      .select()
      .from(classBroadcasts)
      .where(and(eq(classBroadcasts.classId, w.classA.id), eq(classBroadcasts.date, day)));
    expect(broadcasts).toHaveLength(1);
    const list = await call(as.classStaffA, getStaffClassPhotos, { params: classParams(), query: { date: day } });
    expect(list.data.photos).toHaveLength(3);
  });
});

describe('the demo data: every guardian, every file URL', () => {
  it('a photo tagged to 陽翔 is in no other family’s feed, and the demo class has staff photos', async () => {
    const { seedDemo } = await import('../src/seed');
    const ids = await seedDemo(db(), t.config);
    const director = await buildStaff(db(), { role: 'director', facilityId: ids.facilities.sakura });
    const staff = await t.signInStaff(director.user);
    // The seed's own staff photos of the day on ひよこ組.
    const demoDay = await call(staff, getStaffClassPhotos, { params: { classId: ids.classes.sakuraHiyoko }, query: {} });
    expect(demoDay.data.photos.some((p) => p.placements.some((pl) => pl.child?.id === ids.children.haruto))).toBe(true);
    expect(demoDay.data.photos.some((p) => p.placements.some((pl) => pl.child === null))).toBe(true);

    // A classmate of 陽翔 with a family of its own.
    const mate = await buildChild(db(), { facilityId: ids.facilities.sakura, firstName: 'めいと' });
    await db().update(noteChildren).set({ classId: ids.classes.sakuraHiyoko }).where(eq(noteChildren.id, mate.noteChild.id));
    const mateParent = await buildUser(db());
    await linkGuardian(db(), mate.child.id, mateParent.id, { main: true, writable: true });

    const res = await callRaw(staff, postStaffClassPhoto, {
      params: { classId: ids.classes.sakuraHiyoko },
      multipart: [
        { name: 'date', value: today },
        { name: 'child_ids', value: String(ids.children.haruto) },
        { name: 'upload_file', filename: 'a.jpg', data: photo },
      ] as never,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await db()
      .select()
      .from(feedFiles)
      .where(eq(feedFiles.id, (res.json() as { id: number }).id));
    const key = row!.storageKey;
    // Every placement of that image is 陽翔's.
    const harutoGuardians = new Set(
      (await db().select().from(childUser).where(eq(childUser.childId, ids.children.haruto))).map((l) => l.userId),
    );

    // Every guardian of the database (the demo's two and every test family): every activated child, alone and together.
    const links = await db()
      .select({ userId: childUser.userId, childId: childUser.childId, email: users.email })
      .from(childUser)
      .innerJoin(users, eq(users.id, childUser.userId))
      .where(and(eq(childUser.activated, true), isNotNull(childUser.userId)));
    const byUser = new Map<number, { email: string; children: number[] }>();
    for (const l of links) {
      const entry = byUser.get(l.userId) ?? { email: l.email, children: [] };
      entry.children.push(l.childId);
      byUser.set(l.userId, entry);
    }
    let sawIt = 0;
    for (const [userId, { email, children: kids }] of byUser) {
      // Demo guardians have the demo password, the factories' their own.
      const agent = await t
        .agent()
        .login(email, DEMO_PASSWORD)
        .catch(() => t.signIn({ email }));
      const answers = [await feedOf(agent, kids), ...(await Promise.all(kids.map((id) => feedOf(agent, [id]))))];
      const keys = answers.flatMap(keysIn);
      if (harutoGuardians.has(userId)) {
        if (keys.includes(key)) sawIt++;
      } else {
        expect(keys, `${email} must not get 陽翔's photo`).not.toContain(key);
      }
    }
    // 陽翔's note of today is published in the demo: his guardians see the photo at once.
    expect(sawIt).toBeGreaterThanOrEqual(1);
    expect(byUser.size).toBeGreaterThanOrEqual(6);
  });
});
