import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getChildGrowths, getGrowthsViewableChildren, messages } from '@renraku/contract';
import { children } from '../src/db/schema';
import { buildChild, buildFamily, buildGrowth, buildUser, linkGuardian } from './factories';
import { call, callRaw, setupApp } from './harness';

const t = setupApp();
let family: Awaited<ReturnType<typeof buildFamily>>;
const NOW = '2026-11-10T03:00:00.000Z';

beforeAll(async () => {
  family = await buildFamily(t.db);
  // buildChild's birth is 2022-04-01.
  await buildGrowth(t.db, {
    child: family.child,
    measuredOn: '2025-04-15',
    height: 95.2,
    weight: 14.1,
  });
  await buildGrowth(t.db, {
    child: family.child,
    measuredOn: '2026-10-01',
    height: 104.5,
    weight: 16.85,
    head: 50.2,
    chest: 53.1,
  });
});

const as = (user: { email: string }) => t.signIn(user, { 'x-test-now': NOW });

describe('GET /api/growths/children/viewable', () => {
  it('needs a session', async () => {
    expect((await call(t.agent(), getGrowthsViewableChildren)).statusCode).toBe(401);
  });

  it('lists activated children for the main, writable and read-only guardians alike', async () => {
    for (const user of [family.main, family.writable, family.readOnly]) {
      const res = await call(await as(user), getGrowthsViewableChildren);
      expect(res.statusCode).toBe(200);
      const body = res.data;
      expect(body).toEqual([
        {
          id: family.child.id,
          first_name: family.child.firstName,
          first_name_kana: 'こ',
          image_url: null,
          pivot: { activated: true },
        },
      ]);
    }
  });

  it('never lists another family’s child nor a pending invitation', async () => {
    const unrelated = (await call(await as(family.unrelated), getGrowthsViewableChildren)).data;
    expect(unrelated.map((c) => c.id)).toEqual([family.otherChild.id]);
    const invited = await buildUser(t.db);
    await linkGuardian(t.db, family.child.id, invited.id, { activated: null });
    expect((await call(await as(invited), getGrowthsViewableChildren)).json()).toEqual([]);
  });
});

describe('GET /api/children/{id}/growths', () => {
  it('answers the records newest first with age in months and the boys’ curves for a boy', async () => {
    const res = await call(await as(family.main), getChildGrowths, { params: { id: family.child.id } });
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(body.sex).toBe(1);
    expect(body.actual).toEqual([
      { id: expect.any(Number), date: '2026-10-01', height: 104.5, weight: 16.85, head: 50.2, chest: 53.1, age: 54 },
      { id: expect.any(Number), date: '2025-04-15', height: 95.2, weight: 14.1, head: null, chest: null, age: 36 },
    ]);
    expect(body.generalHeight).toHaveLength(85);
    expect(body.generalWeight).toHaveLength(85);
    // Published points of the 2023 survey, boys: birth length p50 49.4 cm, 15-month band p50.
    expect(body.generalHeight[0]).toEqual({ '3': 45.2, '10': 46.7, '50': 49.4, '90': 51.7, '97': 52.7 });
    expect(body.generalHeight[75]).not.toBeNull();
    // No survey data beyond 75 months: not extrapolated.
    expect(body.generalHeight.slice(76)).toEqual(Array(9).fill(null));
    expect(body.generalWeight.slice(76)).toEqual(Array(9).fill(null));
  });

  it('chooses the girls’ curves for a girl', async () => {
    const girl = await buildChild(t.db);
    await t.db.update(children).set({ sex: 2 }).where(eq(children.id, girl.child.id));
    const user = await buildUser(t.db);
    await linkGuardian(t.db, girl.child.id, user.id, { main: true });
    const body = (await call(await as(user), getChildGrowths, { params: { id: girl.child.id } })).data;
    expect(body.sex).toBe(2);
    expect(body.generalHeight[0]).toEqual({ '3': 44.5, '10': 46.0, '50': 48.8, '90': 51.1, '97': 52.0 });
    expect(body.actual).toEqual([]);
  });

  it('answers no curves when the sex is unknown', async () => {
    const child = await buildChild(t.db);
    await t.db.update(children).set({ sex: 0 }).where(eq(children.id, child.child.id));
    const user = await buildUser(t.db);
    await linkGuardian(t.db, child.child.id, user.id, { main: true });
    const body = (await call(await as(user), getChildGrowths, { params: { id: child.child.id } })).data;
    expect(body).toMatchObject({ sex: null, generalHeight: [], generalWeight: [] });
  });

  it('lets the writable and read-only guardians read', async () => {
    for (const user of [family.writable, family.readOnly]) {
      const res = await call(await as(user), getChildGrowths, { params: { id: family.child.id } });
      expect(res.statusCode).toBe(200);
      expect(res.data.actual).toHaveLength(2);
    }
  });

  it('hides the child from anyone else: 401 anonymous, 404 unrelated or invited, 422 for a bad id', async () => {
    const params = { id: family.child.id };
    expect((await call(t.agent(), getChildGrowths, { params })).statusCode).toBe(401);
    const unrelated = await call(await as(family.unrelated), getChildGrowths, { params });
    expect(unrelated.statusCode).toBe(404);
    expect(unrelated.json()).toEqual({ message: messages.notFound });
    const invited = await buildUser(t.db);
    await linkGuardian(t.db, family.child.id, invited.id, { activated: null });
    expect((await call(await as(invited), getChildGrowths, { params })).statusCode).toBe(404);
    expect((await callRaw(await as(family.main), getChildGrowths, { params: { id: 'abc' } })).statusCode).toBe(422);
  });
});

describe('recordGrowth (staff side)', () => {
  it('records a measurement the guardian then sees, and refuses implausible values writing nothing', async () => {
    const { recordGrowth } = await import('../src/modules/growths/service');
    const child = await buildChild(t.db);
    const user = await buildUser(t.db);
    await linkGuardian(t.db, child.child.id, user.id, { main: true });
    await recordGrowth(t.app.ctx, { childId: child.child.id, measuredOn: '2026-11-01', height: 101.3, weight: 15.9, head: 49.8 });
    await expect(
      recordGrowth(t.app.ctx, { childId: child.child.id, measuredOn: '2026-11-02', height: 1013, weight: null }),
    ).rejects.toMatchObject({
      status: 422,
      errors: { height: ['身長は30〜200の範囲で入力してください'] },
    });
    await expect(
      recordGrowth(t.app.ctx, { childId: child.child.id, measuredOn: '2020-01-01', weight: 10 }),
    ).rejects.toMatchObject({
      errors: { measuredOn: ['測定日は生年月日以降の日付を入力してください'] },
    });
    await expect(recordGrowth(t.app.ctx, { childId: 999999, measuredOn: '2026-11-01', weight: 10 })).rejects.toMatchObject({
      status: 404,
    });
    const body = (await call(await as(user), getChildGrowths, { params: { id: child.child.id } })).data;
    expect(body.actual).toEqual([
      { id: expect.any(Number), date: '2026-11-01', height: 101.3, weight: 15.9, head: 49.8, chest: null, age: 55 },
    ]);
  });
});
