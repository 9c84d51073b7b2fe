import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  deleteStaffRecordPhrase,
  getStaffRecordPhrases,
  postStaffRecordPhrase,
  recordPhrasesMessages as P,
} from '@renraku/contract';
import { auditLog, recordPhrases } from '../src/db/schema';
import { call, callRaw, type Agent } from './harness';
import { expectInvalid, expectMatrix, statuses } from './staff-persona-matrix';
import { setupRecordsWorld } from './records-world';

/*
 * 文例 (records.md §3; issue 32): the shipped phrases by age band, month and topic, the facility's
 * own added by its 園長 or 主任; every caller of staff.md §7, a class tablet, bad input.
 */

const clock = { 'x-test-now': '2026-11-20T04:00:00.000Z' };

const { db, w, as } = setupRecordsWorld(clock);

const facility = () => ({ facilityId: w.facilityId });
const list = (agent: Agent, query: Record<string, unknown> = {}) =>
  call(agent, getStaffRecordPhrases, { params: facility(), query, headers: clock });
const add = (agent: Agent, text: string, extra: Record<string, unknown> = {}) =>
  call(agent, postStaffRecordPhrase, { params: facility(), body: { text, topic: 'aims', ...extra }, headers: clock });
const rows = async () => (await db().select({ n: count() }).from(recordPhrases))[0]!.n;

describe('文例', () => {
  it('GET: every reader of the records (not office); another facility 404; a class tablet reads', async () => {
    await expectMatrix(as, statuses(200, { office: 403, classStaff: 200 }), (agent) => list(agent));
    expect((await list(as.tablet)).data.can_add).toBe(false);
    expect((await list(as.classStaffA)).data.can_add).toBe(false);
    expect((await list(as.chief)).data.can_add).toBe(true);
    expect((await list(as.director)).data.can_add).toBe(true);
  });

  it('GET: filtered by age band, month and topic; any-age and any-month phrases included', async () => {
    const infant = (await list(as.classStaffA, { age_band: 0, month: 11, topic: 'aims' })).data.phrases;
    expect(infant.length).toBeGreaterThan(2);
    expect(infant.every((p) => p.topic === 'aims' && p.source === 'shipped' && p.id === null)).toBe(true);
    expect(infant.every((p) => p.age_bands.length === 0 || p.age_bands.includes(0))).toBe(true);
    expect(infant.every((p) => p.month === null || p.month === 11)).toBe(true);
    expect(infant.map((p) => p.text)).toContain('秋の自然に親しみ、散歩や戸外遊びを十分に楽しむ。');
    expect(infant.map((p) => p.text)).toContain('保育者との安定した関わりの中で、安心して過ごす。');
    // The month's own come before the any-month ones; another age band's are left out.
    expect(infant[0]!.month).toBe(11);
    expect(infant.map((p) => p.text)).not.toContain('友だちと思いを伝え合いながら、遊びを進める楽しさを味わう。');
    const april = (await list(as.classStaffA, { age_band: 4, month: 4 })).data.phrases.map((p) => p.text);
    expect(april).toContain('新しい環境や保育者に慣れ、安心して過ごす。');
    expect(april).not.toContain('秋の自然に親しみ、散歩や戸外遊びを十分に楽しむ。');
    const found = (await list(as.classStaffA, { q: 'どんぐり' })).data.phrases;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.text.includes('どんぐり'))).toBe(true);
  });

  it('POST: the 園長, company admins and the 主任 add (desktop only); it is listed first; audited', async () => {
    const before = await rows();
    await expectMatrix(as, statuses(201, { office: 403, classStaff: 403 }), (agent, persona) =>
      add(agent, `${persona}の文例：落ち葉を踏む音を楽しむ。`, { age_bands: [0, 1], month: 11 }),
    );
    expect(await rows()).toBe(before + 2);
    const mine = await add(as.chief, '園庭の柿の木の変化に気付けるよう声をかける。', { topic: 'support' });
    expect(mine.statusCode).toBe(201);
    expect(mine.data).toMatchObject({ topic: 'support', age_bands: [], month: null, source: 'facility' });
    expect((await add(as.tablet, 'タブレットから')).statusCode).toBe(403);
    const listed = (await list(as.classStaffA, { age_band: 0, month: 11, topic: 'aims' })).data.phrases;
    expect(listed.slice(0, 2).map((p) => [p.source, p.text])).toEqual([
      ['facility', 'companyAdminの文例：落ち葉を踏む音を楽しむ。'],
      ['facility', 'directorの文例：落ち葉を踏む音を楽しむ。'],
    ]);
    expect((await list(as.classStaffA, { age_band: 3, topic: 'aims' })).data.phrases.some((p) => p.source === 'facility')).toBe(
      false,
    );
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'record.phrase.create'));
    expect(audits).toHaveLength(3);
  });

  it('POST: bad input is a 422 in Japanese and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ text: '', topic: 'aims' }, 'text', P.text],
      [{ text: '　 ', topic: 'aims' }, 'text', P.text],
      [{ text: 'あ'.repeat(201), topic: 'aims' }, 'text', P.text],
      [{ text: '文例', topic: 'lunch' }, 'topic', P.topic],
      [{ text: '文例' }, 'topic', P.topic],
      [{ text: '文例', topic: 'aims', age_bands: [6] }, 'age_bands.0', P.ageBands],
      [{ text: '文例', topic: 'aims', age_bands: '0' }, 'age_bands', P.ageBands],
      [{ text: '文例', topic: 'aims', month: 13 }, 'month', P.month],
      [{ text: '文例', topic: 'aims', month: 1.5 }, 'month', P.month],
    ];
    for (const [body, field, message] of cases)
      expectInvalid(
        await callRaw(as.director, postStaffRecordPhrase, { params: facility(), body, headers: clock }),
        field,
        message,
      );
    expect(await rows()).toBe(before);
    for (const [query, field] of [
      [{ age_band: 6 }, 'age_band'],
      [{ month: 0 }, 'month'],
      [{ topic: 'x' }, 'topic'],
      [{ q: 'あ'.repeat(51) }, 'q'],
    ] as const)
      expectInvalid(await callRaw(as.director, getStaffRecordPhrases, { params: facility(), query, headers: clock }), field);
  });

  it('DELETE: the same callers remove a facility phrase; another facility’s or a missing one 404', async () => {
    const made = (await add(as.director, '削除する文例')).data;
    expect(
      (await callRaw(as.classStaffA, deleteStaffRecordPhrase, { params: { ...facility(), phraseId: made.id! } })).statusCode,
    ).toBe(403);
    expect(
      (await callRaw(as.otherFacility, deleteStaffRecordPhrase, { params: { ...facility(), phraseId: made.id! } })).statusCode,
    ).toBe(404);
    const gone = await call(as.chief, deleteStaffRecordPhrase, { params: { ...facility(), phraseId: made.id! }, headers: clock });
    expect(gone.data.message).toBe(P.deleted);
    expect((await callRaw(as.chief, deleteStaffRecordPhrase, { params: { ...facility(), phraseId: made.id! } })).statusCode).toBe(
      404,
    );
    expect((await callRaw(as.chief, deleteStaffRecordPhrase, { params: { ...facility(), phraseId: 'x' } })).statusCode).toBe(422);
  });
});
