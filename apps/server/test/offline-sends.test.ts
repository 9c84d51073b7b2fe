import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  idempotencyKeyInvalid,
  idempotentReplayHeader,
  communicationMessages as M,
  postAbsence,
  postAttendance,
  postFamiliesInformation,
} from '@renraku/contract';
import { attendanceReports, familyInformation } from '../src/db/schema';
import { call, setupApp } from './harness';
import { buildFamily, diseaseIdsByName } from './factories';

/*
 * Offline-capable sends (issue 20; docs/decisions/communications-offline-sends.md): the device's
 * Idempotency-Key is stored with the record, and a second delivery — at once, concurrently, or a
 * day later from a queue — answers as the first and writes nothing.
 */

// Friday 2026-11-20, 10:00 in Tokyo; the next morning for deliveries that were queued overnight.
const NOW = '2026-11-20T01:00:00.000Z';
const NEXT_DAY = '2026-11-21T01:00:00.000Z';
const TODAY = '2026-11-20';

const t = setupApp();
let fever: number;
beforeAll(async () => {
  fever = (await diseaseIdsByName(t.db))['発熱']!;
});

const key = () => randomUUID();
const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });
const family = async () => {
  const f = await buildFamily(t.db);
  const as = (user: { email: string }, now = NOW) => t.signIn(user, { 'x-test-now': now });
  return { ...f, users: f, main: await as(f.main), writable: await as(f.writable), readOnly: await as(f.readOnly), as };
};
const reportCount = async (noteChildId: number) =>
  (await t.db.select({ n: count() }).from(attendanceReports).where(eq(attendanceReports.noteChildId, noteChildId)))[0]!.n;
const absence = { absenceType: 2, absenceDates: [TODAY], diseases: [] as number[], message: '熱が下がるまでお休みします' };
const change = { targetDate: TODAY, attendanceType: 2, leavingTime: '17:30', leavingText: '祖母が迎えに行きます' };

describe('POST /api/absences/{childId} with an Idempotency-Key', () => {
  it('a second delivery answers 200, says it was a repeat, and writes nothing', async () => {
    const f = await family();
    const k = key();
    const body = { ...absence, absenceType: 1, diseases: [fever] };
    const first = await call(f.main, postAbsence, { params: { childId: f.child.id }, body, ...withKey(k) });
    expect(first.statusCode).toBe(200);
    expect(first.headers[idempotentReplayHeader]).toBeUndefined();
    const again = await call(f.main, postAbsence, { params: { childId: f.child.id }, body, ...withKey(k) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: true });
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  it('a delivery queued overnight is still the same report (not 422 for a past day), and stored once', async () => {
    const f = await family();
    const k = key();
    expect((await call(f.main, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) })).statusCode).toBe(
      200,
    );
    const tomorrow = await f.as(f.users.main, NEXT_DAY);
    const late = await call(tomorrow, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) });
    expect(late.statusCode).toBe(200);
    expect(late.headers[idempotentReplayHeader]).toBe('true');
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  it('a report first delivered after its day has passed comes back with the spec’s message, nothing written', async () => {
    const f = await family();
    const tomorrow = await f.as(f.users.main, NEXT_DAY);
    const late = await call(tomorrow, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(key()) });
    expect(late.statusCode).toBe(422);
    expect(JSON.stringify(late.json())).toMatch(/過去/);
    expect(await reportCount(f.noteChild.id)).toBe(0);
  });

  it('concurrent deliveries of one id store one set of records', async () => {
    const f = await family();
    const k = key();
    const body = { ...absence, absenceDates: [TODAY, '2026-11-24'] };
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(f.main, postAbsence, { params: { childId: f.child.id }, body, ...withKey(k) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.headers[idempotentReplayHeader] === 'true')).toHaveLength(2);
    expect(await reportCount(f.noteChild.id)).toBe(2);
  });

  it('refuses a malformed key (422 in Japanese, nothing written)', async () => {
    const f = await family();
    for (const bad of ['short', 'x'.repeat(101), 'ひらがなのキーです１２３４５６７８９０', 'a b c d e f g h i j k']) {
      const res = await call(f.main, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(bad) });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(idempotencyKeyInvalid);
    }
    expect(await reportCount(f.noteChild.id)).toBe(0);
  });

  it('keeps the permission cases: anonymous 401, unrelated 404, read-only 403 (with a key of a stored report too)', async () => {
    const f = await family();
    const k = key();
    expect(
      (await call(f.writable, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) })).statusCode,
    ).toBe(200);
    const anonymous = t.agent({ 'x-test-now': NOW });
    expect(
      (await call(anonymous, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) })).statusCode,
    ).toBe(401);
    const unrelated = await f.as(f.users.unrelated);
    expect(
      (await call(unrelated, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) })).statusCode,
    ).toBe(404);
    expect(
      (await call(f.readOnly, postAbsence, { params: { childId: f.child.id }, body: absence, ...withKey(k) })).statusCode,
    ).toBe(403);
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  it('an id is the child’s: the same id on another family’s child is a report of its own', async () => {
    const a = await family();
    const b = await family();
    const k = key();
    expect((await call(a.main, postAbsence, { params: { childId: a.child.id }, body: absence, ...withKey(k) })).statusCode).toBe(
      200,
    );
    const other = await call(b.main, postAbsence, { params: { childId: b.child.id }, body: absence, ...withKey(k) });
    expect(other.statusCode).toBe(200);
    expect(other.headers[idempotentReplayHeader]).toBeUndefined();
    expect(await reportCount(b.noteChild.id)).toBe(1);
  });
});

describe('POST /api/attendances/{childId} with an Idempotency-Key', () => {
  it('stores a time change once, however often it is delivered', async () => {
    const f = await family();
    const k = key();
    for (let i = 0; i < 3; i += 1) {
      const res = await call(f.main, postAttendance, { params: { childId: f.child.id }, body: change, ...withKey(k) });
      expect(res.statusCode).toBe(200);
      expect(res.headers[idempotentReplayHeader]).toBe(i === 0 ? undefined : 'true');
    }
    const tomorrow = await f.as(f.users.main, NEXT_DAY);
    expect(
      (await call(tomorrow, postAttendance, { params: { childId: f.child.id }, body: change, ...withKey(k) })).statusCode,
    ).toBe(200);
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });

  it('without a key the double-submit rule is unchanged (a repeat within seconds stores one record)', async () => {
    const f = await family();
    await call(f.main, postAttendance, { params: { childId: f.child.id }, body: change });
    await call(f.main, postAttendance, { params: { childId: f.child.id }, body: change });
    expect(await reportCount(f.noteChild.id)).toBe(1);
  });
});

describe('POST /api/families/information/children/{childId} (send) with an Idempotency-Key', () => {
  const send = {
    sleepTime: '21:00',
    wakeTime: '07:00',
    bodyTemperature: '36.5',
    thermometryTime: '07:10',
    defecationName: '普通',
    defecationTime: '07:30',
    dinner: 'カレーライス',
    breakfast: 'パン',
    message: '元気です',
    isSent: true,
    contactOn: TODAY,
    baseDate: TODAY,
  };
  const entryOf = (noteChildId: number) =>
    t.db.query.familyInformation.findFirst({
      where: and(eq(familyInformation.noteChildId, noteChildId), eq(familyInformation.contactOn, TODAY)),
    });

  it('a second delivery of the send answers the sent entry (not 409) and changes nothing; another send is still 409', async () => {
    const f = await family();
    const k = key();
    const first = await call(f.main, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(k) });
    expect(first.statusCode).toBe(200);
    const stored = await entryOf(f.noteChild.id);
    const again = await call(f.main, postFamiliesInformation, {
      params: { childId: f.child.id },
      body: { ...send, message: '配達の重複' },
      ...withKey(k),
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers[idempotentReplayHeader]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await entryOf(f.noteChild.id)).toEqual(stored);
    // The next morning (a queue delivered late) answers the same.
    const tomorrow = await f.as(f.users.main, NEXT_DAY);
    expect(
      (await call(tomorrow, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(k) })).statusCode,
    ).toBe(200);
    const other = await call(f.main, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(key()) });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(M.alreadySent);
  });

  it('concurrent deliveries of one send: both 200, one entry', async () => {
    const f = await family();
    const k = key();
    const answers = await Promise.all(
      [0, 1].map(() => call(f.main, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(k) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await entryOf(f.noteChild.id))?.isSent).toBe(true);
  });

  it('a read-only guardian’s delivery is refused (403) and the unrelated guardian’s is 404, key or not', async () => {
    const f = await family();
    const k = key();
    expect(
      (await call(f.readOnly, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(k) }))
        .statusCode,
    ).toBe(403);
    const unrelated = await f.as(f.users.unrelated);
    expect(
      (await call(unrelated, postFamiliesInformation, { params: { childId: f.child.id }, body: send, ...withKey(k) })).statusCode,
    ).toBe(404);
    expect(await entryOf(f.noteChild.id)).toBeUndefined();
  });
});
