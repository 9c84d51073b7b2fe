import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, count, eq } from 'drizzle-orm';
import {
  PICKUP_PROPOSALS_MAX,
  deleteChildPickupPerson,
  deleteStaffPickupPerson,
  getChildPickupPersons,
  getStaffChildren,
  getStaffPickupPersons,
  postChildPickupPerson,
  putChangeMain,
  putStaffPickupPerson,
} from '@renraku/contract';
import { auditLog, pickupPersons } from '../src/db/schema';
import { buildFamily, buildStaff } from './factories';
import { call, callRaw, setupApp, type Agent, type MultipartPart } from './harness';

const t = setupApp();
const db = () => t.db;
let f: Awaited<ReturnType<typeof buildFamily>>;
let main: Agent;
let photo: Buffer;

const rowsOf = async (childId: number) => db().select().from(pickupPersons).where(eq(pickupPersons.childId, childId));
const textParts = (fields: Record<string, string>): MultipartPart[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));
const propose = (agent: Agent, childId: number, fields: Record<string, string>, file?: Buffer) =>
  callRaw(agent, postChildPickupPerson, {
    params: { childId },
    multipart: [...textParts(fields), ...(file ? [{ name: 'upload_file', filename: 'p.jpg', data: file }] : [])],
  });
const uncle = { name: '山田 健一', relation: '叔父', phone: '080-3333-4444' };

beforeAll(async () => {
  f = await buildFamily(db());
  main = await t.signIn(f.main);
  photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 9, g: 99, b: 9 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'RenrakuCam' } })
    .toBuffer();
}, 120_000);

describe('a guardian proposes a pick-up person (POST /api/children/{childId}/pickup-persons)', () => {
  it('only the main guardian: 401 anonymous, 404 unrelated, 403 read-only and writable; nothing written', async () => {
    expect((await propose(t.agent(), f.child.id, uncle)).statusCode).toBe(401);
    expect((await propose(await t.signIn(f.unrelated), f.child.id, uncle)).statusCode).toBe(404);
    for (const user of [f.readOnly, f.writable]) {
      const res = await propose(await t.signIn(user), f.child.id, uncle);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('お迎え登録者の申請は代表者のみ行えます');
    }
    expect(await rowsOf(f.child.id)).toEqual([]);
  });

  it('stores a proposal with its photo stripped; staff see it as proposed and count it in the roster', async () => {
    const res = await propose(main, f.child.id, uncle, photo);
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ ...uncle, status: 'proposed' });
    expect(res.data.image_url).toMatch(/^\/files\/pickup\/.+v=thumb/);
    const served = await main.get(res.data.image_url!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes(Buffer.from('RenrakuCam'))).toBe(false);
    const [row] = await rowsOf(f.child.id);
    expect(row).toMatchObject({ status: 'proposed', createdBy: f.main.id, approvedBy: null });

    const director = await buildStaff(db(), { role: 'director', facilityId: f.facilityId });
    const staff = await t.signInStaff(director.user);
    const list = (await call(staff, getStaffPickupPersons, { params: { childId: f.child.id } })).data;
    expect(list).toEqual([expect.objectContaining({ name: uncle.name, status: 'proposed', approved_by: null })]);
    const roster = (await call(staff, getStaffChildren, { params: { facilityId: f.facilityId } })).data;
    expect(roster.find((c) => c.id === f.child.id)?.pickup_proposals).toBe(1);
  });

  it('a proposal without a photo; the text fields trimmed', async () => {
    const res = await propose(main, f.child.id, { name: '  佐藤 次郎 ', relation: 'ベビーシッター' });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ name: '佐藤 次郎', relation: 'ベビーシッター', phone: '', image_url: null });
  });

  it('bad input: 422 in Japanese per field, nothing written', async () => {
    const before = (await rowsOf(f.child.id)).length;
    const cases: [Record<string, string>, Buffer | undefined, string, string][] = [
      [{ relation: '祖父' }, undefined, 'name', 'お名前を入力してください'],
      [{ name: '   ', relation: '祖父' }, undefined, 'name', 'お名前を入力してください'],
      [{ name: 'x'.repeat(51), relation: '祖父' }, undefined, 'name', 'お名前は50文字以内で入力してください'],
      [{ name: '祖父' }, undefined, 'relation', '続柄を入力してください'],
      [{ ...uncle, phone: 'call me' }, undefined, 'phone', '電話番号は数字とハイフンで20文字以内で入力してください'],
      [uncle, Buffer.from('not an image'), 'upload_file', '画像ファイルを選択してください'],
      [uncle, Buffer.alloc(0), 'upload_file', '空のファイルまたは20MB以上の画像はアップロードできません'],
    ];
    for (const [fields, file, field, message] of cases) {
      const res = await propose(main, f.child.id, fields, file);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors?.[field]).toContain(message);
    }
    const json = await callRaw(main, postChildPickupPerson, { params: { childId: f.child.id }, body: uncle });
    expect(json.statusCode).toBe(422);
    expect((await callRaw(main, postChildPickupPerson, { params: { childId: 'x' }, body: {} })).statusCode).toBe(422);
    expect((await propose(main, 2_000_000, uncle)).statusCode).toBe(404);
    expect((await rowsOf(f.child.id)).length).toBe(before);
  });

  it(`at most ${PICKUP_PROPOSALS_MAX} proposals wait at once (409)`, async () => {
    const waiting = (await rowsOf(f.child.id)).filter((r) => r.status === 'proposed').length;
    for (let i = waiting; i < PICKUP_PROPOSALS_MAX; i++) {
      expect((await propose(main, f.child.id, { name: `候補 ${i}`, relation: '知人' })).statusCode).toBe(201);
    }
    const res = await propose(main, f.child.id, { name: '候補 多すぎ', relation: '知人' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('承認待ちの申請は5件までです。施設の承認をお待ちください');
    // Back to two for the next tests.
    const extra = (await rowsOf(f.child.id)).filter((r) => r.name.startsWith('候補'));
    await db()
      .delete(pickupPersons)
      .where(and(eq(pickupPersons.childId, f.child.id), eq(pickupPersons.relation, '知人')));
    expect(extra.length).toBe(PICKUP_PROPOSALS_MAX - waiting);
  });
});

describe('guardians read the pick-up persons (GET /api/children/{childId}/pickup-persons)', () => {
  it('every activated guardian reads them, registered first; 401 anonymous, 404 unrelated', async () => {
    await db()
      .insert(pickupPersons)
      .values({ companyId: f.companyId, childId: f.child.id, name: '山田 和子', relation: '祖母', status: 'approved' });
    expect((await call(t.agent(), getChildPickupPersons, { params: { childId: f.child.id } })).statusCode).toBe(401);
    expect((await call(await t.signIn(f.unrelated), getChildPickupPersons, { params: { childId: f.child.id } })).statusCode).toBe(
      404,
    );
    for (const user of [f.readOnly, f.writable, f.main]) {
      const list = (await call(await t.signIn(user), getChildPickupPersons, { params: { childId: f.child.id } })).data;
      expect(list.map((p) => [p.name, p.status])).toEqual([
        ['山田 和子', 'approved'],
        ['山田 健一', 'proposed'],
        ['佐藤 次郎', 'proposed'],
      ]);
      // No staff names or creators in the guardians' answer.
      expect(Object.keys(list[0]!).sort()).toEqual(['id', 'image_url', 'name', 'phone', 'relation', 'status']);
    }
    expect((await callRaw(main, getChildPickupPersons, { params: { childId: 'x' } })).statusCode).toBe(422);
  });
});

describe('staff approve or reject; the main guardian withdraws (DELETE /api/children/{childId}/pickup-persons/{id})', () => {
  it('approval: the guardian sees it registered and can no longer withdraw it (409)', async () => {
    const director = await buildStaff(db(), { role: 'office', facilityId: f.facilityId });
    const staff = await t.signInStaff(director.user);
    const [proposal] = (await rowsOf(f.child.id)).filter((r) => r.name === uncle.name);
    const approved = await call(staff, putStaffPickupPerson, { params: { pickupPersonId: proposal!.id }, body: uncle });
    expect(approved.data).toMatchObject({ status: 'approved', approved_by: { id: director.user.id } });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, proposal!.id));
    expect(entry!.action).toBe('child.pickup.approve');
    const list = (await call(main, getChildPickupPersons, { params: { childId: f.child.id } })).data;
    expect(list.find((p) => p.id === proposal!.id)?.status).toBe('approved');
    // The photo the guardian sent stays with the approved person.
    expect(list.find((p) => p.id === proposal!.id)?.image_url).toMatch(/^\/files\/pickup\//);
    const res = await call(main, deleteChildPickupPerson, { params: { childId: f.child.id, pickupPersonId: proposal!.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('登録済みのお迎え登録者は取り下げできません。変更は施設にご連絡ください');
  });

  it('withdrawal: only the main guardian, only of that child; nothing else removed', async () => {
    const [proposal] = (await rowsOf(f.child.id)).filter((r) => r.status === 'proposed');
    const params = { childId: f.child.id, pickupPersonId: proposal!.id };
    expect((await call(t.agent(), deleteChildPickupPerson, { params })).statusCode).toBe(401);
    expect((await call(await t.signIn(f.unrelated), deleteChildPickupPerson, { params })).statusCode).toBe(404);
    expect((await call(await t.signIn(f.readOnly), deleteChildPickupPerson, { params })).statusCode).toBe(403);
    expect((await call(await t.signIn(f.writable), deleteChildPickupPerson, { params })).statusCode).toBe(403);
    // Another child's id in the path: the person is not found there.
    const other = await t.signIn(f.unrelated);
    expect(
      (await call(other, deleteChildPickupPerson, { params: { childId: f.otherChild.id, pickupPersonId: proposal!.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await callRaw(main, deleteChildPickupPerson, { params: { childId: f.child.id, pickupPersonId: 'x' } })).statusCode,
    ).toBe(422);
    expect((await rowsOf(f.child.id)).length).toBe(3);
    const res = await call(main, deleteChildPickupPerson, { params });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('申請を取り下げました');
    expect((await rowsOf(f.child.id)).map((r) => r.id)).not.toContain(proposal!.id);
    expect((await call(main, deleteChildPickupPerson, { params })).statusCode).toBe(404);
  });

  it('rejection by staff is audited as such and removes the proposal’s photo', async () => {
    const created = (await propose(main, f.child.id, uncle, photo)).data;
    const [row] = await db().select().from(pickupPersons).where(eq(pickupPersons.id, created.id));
    const director = await buildStaff(db(), { role: 'director', facilityId: f.facilityId });
    const staff = await t.signInStaff(director.user);
    expect((await call(staff, deleteStaffPickupPerson, { params: { pickupPersonId: created.id } })).statusCode).toBe(200);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(entry!.action).toBe('child.pickup.reject');
    expect(await t.storage.get(row!.imageKey!)).toBeNull();
    const n = (await db().select({ n: count() }).from(pickupPersons).where(eq(pickupPersons.id, created.id)))[0]!.n;
    expect(n).toBe(0);
  });

  it('a new main guardian takes over the proposals; the former one no longer proposes', async () => {
    const created = (await propose(main, f.child.id, { name: '鈴木 三郎', relation: '知人' })).data;
    const handed = await call(main, putChangeMain, { body: { childId: f.child.id, userId: f.writable.id } });
    expect(handed.statusCode).toBe(200);
    expect((await propose(main, f.child.id, uncle)).statusCode).toBe(403);
    const next = await t.signIn(f.writable);
    const res = await call(next, deleteChildPickupPerson, { params: { childId: f.child.id, pickupPersonId: created.id } });
    expect(res.statusCode).toBe(200);
  });
});

describe('demo data', () => {
  it('陽翔 has a registered grandmother and his uncle’s proposal waiting, both with a photo', async () => {
    const { seedDemo } = await import('../src/seed');
    const ids = await seedDemo(db(), t.config);
    const demo = await t.agent().login('hogosha@example.com', 'hoiku-demo-2026');
    const list = (await call(demo, getChildPickupPersons, { params: { childId: ids.children.haruto } })).data;
    expect(list.map((p) => [p.name, p.status])).toEqual([
      ['山田 和子', 'approved'],
      ['山田 健一', 'proposed'],
    ]);
    for (const person of list) expect((await demo.get(person.image_url!)).statusCode).toBe(200);
  });
});
