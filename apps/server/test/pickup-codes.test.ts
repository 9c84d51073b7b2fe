import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  addDays,
  deleteChildPickupCode,
  getChildPickupCodes,
  messages,
  pickupCodeTexts,
  postChildPickupCode,
  tokyoDate,
  tokyoInstant,
} from '@renraku/contract';
import { pickupCodes } from '../src/db/schema';
import { sha256Hex } from '../src/lib/crypto';
import { buildFamily } from './factories';
import { type Agent, call, callRaw, setupApp } from './harness';

const t = setupApp();
let family: Awaited<ReturnType<typeof buildFamily>>;
let as: Record<'main' | 'writable' | 'readOnly' | 'unrelated' | 'anonymous', Agent>;

beforeAll(async () => {
  family = await buildFamily(t.db);
  as = {
    main: await t.signIn(family.main),
    writable: await t.signIn(family.writable),
    readOnly: await t.signIn(family.readOnly),
    unrelated: await t.signIn(family.unrelated),
    anonymous: t.agent(),
  };
}, 60_000);

const codeCount = async () => (await t.db.select({ n: count() }).from(pickupCodes))[0]!.n;
const params = () => ({ childId: family.child.id });

/** Who is refused, with status and message: only the main guardian issues and sees codes. */
const refused = (): [string, Agent, number, string][] => [
  ['anonymous', as.anonymous, 401, messages.unauthenticated],
  ['unrelated', as.unrelated, 404, messages.notFound],
  ['readOnly', as.readOnly, 403, pickupCodeTexts.mainOnly],
  ['writable', as.writable, 403, pickupCodeTexts.mainOnly],
];

describe('guardian pick-up codes', () => {
  it('the main guardian issues a 6-digit code shown once, stored hashed, valid until the end of today', async () => {
    const res = await call(as.main, postChildPickupCode, { params: params(), body: { name: ' 佐藤 一郎 ' } });
    expect(res.statusCode).toBe(201);
    expect(res.data.code).toMatch(/^\d{6}$/);
    expect(res.data.name).toBe('佐藤 一郎');
    expect(res.data.expires_at).toBe(tokyoInstant(addDays(tokyoDate(new Date()), 1)).toISOString());
    const [row] = await t.db.select().from(pickupCodes).where(eq(pickupCodes.id, res.data.id));
    expect(row!.codeHash).toBe(sha256Hex(res.data.code));
    expect(JSON.stringify(row)).not.toContain(`"${res.data.code}"`);
    const list = await call(as.main, getChildPickupCodes, { params: params() });
    expect(list.data).toMatchObject([{ id: res.data.id, name: '佐藤 一郎', used_at: null }]);
    expect(JSON.stringify(list.data)).not.toContain(res.data.code);
  });

  it('others: anonymous 401, unrelated 404, read-only and writable co-guardians 403; nothing written', async () => {
    const before = await codeCount();
    const [code] = await t.db.select().from(pickupCodes).where(eq(pickupCodes.childId, family.child.id)).limit(1);
    for (const [who, agent, status, message] of refused()) {
      const list = await callRaw(agent, getChildPickupCodes, { params: params() });
      expect([who, list.statusCode, list.json().message]).toEqual([who, status, message]);
      const post = await callRaw(agent, postChildPickupCode, { params: params(), body: { name: '代理' } });
      expect([who, post.statusCode, post.json().message]).toEqual([who, status, message]);
      const del = await callRaw(agent, deleteChildPickupCode, { params: { ...params(), codeId: code!.id } });
      expect([who, del.statusCode, del.json().message]).toEqual([who, status, message]);
    }
    expect(await codeCount()).toBe(before);
  });

  it('bad input: 422 in Japanese, nothing written', async () => {
    const before = await codeCount();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'あ'.repeat(51) }, { name: 3 }]) {
      const res = await callRaw(as.main, postChildPickupCode, { params: params(), body });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/お名前/);
    }
    expect(await codeCount()).toBe(before);
  });

  it('the main guardian cancels an unused code; a used one stays (409); another child’s code is 404', async () => {
    const issued = await call(as.main, postChildPickupCode, { params: params(), body: { name: '取消' } });
    const del = await call(as.main, deleteChildPickupCode, { params: { ...params(), codeId: issued.data.id } });
    expect([del.statusCode, del.data.message]).toEqual([200, pickupCodeTexts.deleted]);
    expect((await call(as.main, getChildPickupCodes, { params: params() })).data.some((c) => c.id === issued.data.id)).toBe(
      false,
    );

    const used = await call(as.main, postChildPickupCode, { params: params(), body: { name: '使用済み' } });
    await t.db.update(pickupCodes).set({ usedAt: new Date() }).where(eq(pickupCodes.id, used.data.id));
    const refusedUsed = await callRaw(as.main, deleteChildPickupCode, { params: { ...params(), codeId: used.data.id } });
    expect([refusedUsed.statusCode, refusedUsed.json().message]).toEqual([409, pickupCodeTexts.alreadyUsed]);

    const mine = await t.signIn(family.unrelated);
    const theirs = await call(mine, postChildPickupCode, { params: { childId: family.otherChild.id }, body: { name: '他家' } });
    expect(theirs.statusCode).toBe(201);
    const cross = await callRaw(as.main, deleteChildPickupCode, { params: { ...params(), codeId: theirs.data.id } });
    expect(cross.statusCode).toBe(404);
  });

  it('at most 10 live codes a child a day (429)', async () => {
    const live = (await call(as.main, getChildPickupCodes, { params: params() })).data.length;
    for (let i = live; i < 10; i++) {
      expect((await call(as.main, postChildPickupCode, { params: params(), body: { name: `代理${i}` } })).statusCode).toBe(201);
    }
    const res = await callRaw(as.main, postChildPickupCode, { params: params(), body: { name: '11人目' } });
    expect([res.statusCode, res.json().message]).toEqual([429, pickupCodeTexts.tooMany]);
  });
});
