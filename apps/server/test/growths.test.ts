import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getChildGrowths, getGrowthsViewableChildren, messages } from '@renraku/contract';
import { children } from '../src/db/schema';
import { Agent, createTestApp, type TestApp, signIn } from './helpers';
import { buildChild, buildFamily, buildGrowth, buildUser, linkGuardian } from './factories';

let t: TestApp;
let family: Awaited<ReturnType<typeof buildFamily>>;
const NOW = '2026-11-10T03:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  family = await buildFamily(t.database.db);
  // buildChild's birth is 2022-04-01.
  await buildGrowth(t.database.db, {
    child: family.child,
    measuredOn: '2025-04-15',
    height: 95.2,
    weight: 14.1,
  });
  await buildGrowth(t.database.db, {
    child: family.child,
    measuredOn: '2026-10-01',
    height: 104.5,
    weight: 16.85,
    head: 50.2,
    chest: 53.1,
  });
});
afterAll(() => t.close());

const as = (user: { email: string }) => signIn(t.app, user, { 'x-test-now': NOW });

describe('GET /api/growths/children/viewable', () => {
  it('needs a session', async () => {
    expect((await new Agent(t.app).get('/api/growths/children/viewable')).statusCode).toBe(401);
  });

  it('lists activated children for the main, writable and read-only guardians alike', async () => {
    for (const user of [family.main, family.writable, family.readOnly]) {
      const res = await (await as(user)).get('/api/growths/children/viewable');
      expect(res.statusCode).toBe(200);
      const body = getGrowthsViewableChildren.response.parse(res.json());
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
    const unrelated = getGrowthsViewableChildren.response.parse(
      (await (await as(family.unrelated)).get('/api/growths/children/viewable')).json(),
    );
    expect(unrelated.map((c) => c.id)).toEqual([family.otherChild.id]);
    const invited = await buildUser(t.database.db);
    await linkGuardian(t.database.db, family.child.id, invited.id, { activated: null });
    expect((await (await as(invited)).get('/api/growths/children/viewable')).json()).toEqual([]);
  });
});

describe('GET /api/children/{id}/growths', () => {
  it('answers the records newest first with age in months and the boys’ curves for a boy', async () => {
    const res = await (await as(family.main)).get(`/api/children/${family.child.id}/growths`);
    expect(res.statusCode).toBe(200);
    const body = getChildGrowths.response.parse(res.json());
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
    const girl = await buildChild(t.database.db);
    await t.database.db.update(children).set({ sex: 2 }).where(eq(children.id, girl.child.id));
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, girl.child.id, user.id, { main: true });
    const body = getChildGrowths.response.parse((await (await as(user)).get(`/api/children/${girl.child.id}/growths`)).json());
    expect(body.sex).toBe(2);
    expect(body.generalHeight[0]).toEqual({ '3': 44.5, '10': 46.0, '50': 48.8, '90': 51.1, '97': 52.0 });
    expect(body.actual).toEqual([]);
  });

  it('answers no curves when the sex is unknown', async () => {
    const child = await buildChild(t.database.db);
    await t.database.db.update(children).set({ sex: 0 }).where(eq(children.id, child.child.id));
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, child.child.id, user.id, { main: true });
    const body = getChildGrowths.response.parse((await (await as(user)).get(`/api/children/${child.child.id}/growths`)).json());
    expect(body).toMatchObject({ sex: null, generalHeight: [], generalWeight: [] });
  });

  it('lets the writable and read-only guardians read', async () => {
    for (const user of [family.writable, family.readOnly]) {
      const res = await (await as(user)).get(`/api/children/${family.child.id}/growths`);
      expect(res.statusCode).toBe(200);
      expect(getChildGrowths.response.parse(res.json()).actual).toHaveLength(2);
    }
  });

  it('hides the child from anyone else: 401 anonymous, 404 unrelated or invited, 422 for a bad id', async () => {
    expect((await new Agent(t.app).get(`/api/children/${family.child.id}/growths`)).statusCode).toBe(401);
    const unrelated = await (await as(family.unrelated)).get(`/api/children/${family.child.id}/growths`);
    expect(unrelated.statusCode).toBe(404);
    expect(unrelated.json()).toEqual({ message: messages.notFound });
    const invited = await buildUser(t.database.db);
    await linkGuardian(t.database.db, family.child.id, invited.id, { activated: null });
    expect((await (await as(invited)).get(`/api/children/${family.child.id}/growths`)).statusCode).toBe(404);
    expect((await (await as(family.main)).get('/api/children/abc/growths')).statusCode).toBe(422);
  });
});

describe('recordGrowth (staff side)', () => {
  it('records a measurement the guardian then sees, and refuses implausible values writing nothing', async () => {
    const { recordGrowth } = await import('../src/modules/growths/service');
    const child = await buildChild(t.database.db);
    const user = await buildUser(t.database.db);
    await linkGuardian(t.database.db, child.child.id, user.id, { main: true });
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
    const body = getChildGrowths.response.parse((await (await as(user)).get(`/api/children/${child.child.id}/growths`)).json());
    expect(body.actual).toEqual([
      { id: expect.any(Number), date: '2026-11-01', height: 101.3, weight: 15.9, head: 49.8, chest: null, age: 55 },
    ]);
  });
});
