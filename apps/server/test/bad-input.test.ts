/**
 * Bad input that used to reach PostgreSQL or throw in the server (issue 21, finding 4 and 10): each
 * answers a clear 4xx in Japanese now, and nothing is written. The fuzz suite (fuzz.test.ts) looks
 * for more of these; each it finds gets a case here.
 */
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  getCheckTargetDate,
  getChildEvents,
  getChildIsAbsence,
  getChildrenContent,
  getFamiliesInformation,
  getInviteVerify,
  getNotices,
  getStaffAudit,
  postAbsence,
  postAttendance,
  postChildImage,
  postUserImage,
  postChildSchedulesBulk,
  postLogin,
  postScheduleByDate,
  postRegisterToken,
  postStaffMember,
  putNoticesRead,
  putQuestionnaireAnswers,
  type Call,
} from '@renraku/contract';
import { attendanceReports, staffMemberships } from '../src/db/schema';
import { callRaw, setupApp, type Agent, type RawInput } from './harness';
import { buildNotice, buildStaffWorld, threeQuestions } from './factories';

const t = setupApp();

/** Dates that match `YYYY-MM-DD` and do not exist, or fall outside 1900–2999. */
const impossibleDates = ['2026-02-30', '0000-00-00', '2026-13-01', '2023-02-29', '0001-01-01', '9999-12-31'];
const dateMessage = '日付の形式が正しくありません';

async function world() {
  const w = await buildStaffWorld(t.db);
  const { notice, questionnaire } = await buildNotice(t.db, t.storage, {
    facilityId: w.facilityId,
    noteChildIds: [w.family.noteChild.id],
    questionnaire: threeQuestions(new Date('2099-01-01T00:00:00Z')),
  });
  return {
    ...w,
    notice,
    questionnaire,
    guardian: await t.signIn(w.family.main),
    director: await t.signInStaff(w.staff.director.user),
  };
}

const expectRefused = async (agent: Agent, c: Call, input: RawInput, message: string) => {
  const res = await callRaw(agent, c, input);
  expect(res.statusCode, `${c.method} ${c.path} ${JSON.stringify(input)}: ${res.body}`).toBe(422);
  expect(res.json().message).toBe(message);
};

describe('dates that do not exist', () => {
  it('are refused by the contract in every guardian call that takes a date (422, nothing written)', async () => {
    const w = await world();
    const childId = w.family.child.id;
    for (const date of impossibleDates) {
      const cases: [Call, RawInput][] = [
        [getChildIsAbsence, { params: { childId }, query: { target_date: date } }],
        [getCheckTargetDate, { params: { childId }, query: { target_date: date } }],
        [getFamiliesInformation, { query: { date } }],
        [getNotices, { query: { date } }],
        [getChildrenContent, { query: { children: [childId], date } }],
        [postScheduleByDate, { params: { childId }, body: { date } }],
        [postAbsence, { params: { childId }, body: { absenceType: 1, absenceDates: [date], message: '' } }],
        [
          postAttendance,
          { params: { childId }, body: { targetDate: date, attendanceType: 1, attendanceTime: '09:00', attendanceText: '' } },
        ],
        [
          postChildSchedulesBulk,
          { params: { id: childId }, body: { dates: [date], isAbsent: true, attendanceTime: null, leavingTime: null } },
        ],
      ];
      for (const [c, input] of cases) await expectRefused(w.guardian, c, input, dateMessage);
    }
    expect((await t.db.select({ n: count() }).from(attendanceReports))[0]!.n).toBe(0);
  });

  it('are refused in staff calls too (audit filter, membership start)', async () => {
    const w = await world();
    const facilityId = w.facilityId;
    const before = (await t.db.select({ n: count() }).from(staffMemberships))[0]!.n;
    for (const date of impossibleDates) {
      await expectRefused(w.director, getStaffAudit, { params: { facilityId }, query: { date } }, dateMessage);
      await expectRefused(
        w.director,
        postStaffMember,
        {
          params: { facilityId },
          body: { email: `new${date}@example.com`, name: '新人', role: 'class_staff', valid_from: date },
        },
        dateMessage,
      );
    }
    expect((await t.db.select({ n: count() }).from(staffMemberships))[0]!.n).toBe(before);
  });

  it('months that do not exist (0000-01, 2026-13, 2026-00) are refused', async () => {
    const w = await world();
    for (const date of ['0000-01', '2026-13', '2026-00', '1899-12']) {
      await expectRefused(
        w.guardian,
        getChildEvents,
        { params: { id: w.family.child.id }, query: { date } },
        '年月の形式が正しくありません',
      );
    }
    const ok = await callRaw(w.guardian, getChildEvents, { params: { id: w.family.child.id }, query: { date: '2024-02' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('integers beyond int4', () => {
  const huge = [2 ** 31, 2 ** 53 - 1, 1e15];

  it('in notice read marks and questionnaire answers are a 422', async () => {
    const w = await world();
    const child = w.family.child.id;
    for (const n of huge) {
      for (const body of [
        { noticeId: n, childIds: [child] },
        { noticeId: w.notice.id, childIds: [n] },
      ]) {
        const res = await callRaw(w.guardian, putNoticesRead, { body });
        expect(res.statusCode, res.body).toBe(422);
      }
      const answers = [
        { childId: n, answers: [] },
        { childId: child, answers: [{ questionId: n, text: null }] },
        { childId: child, answers: [{ questionId: w.questionnaire!.questions[0]!.id, text: n }] },
        { childId: child, answers: [{ questionId: w.questionnaire!.questions[1]!.id, text: [n] }] },
      ];
      for (const body of answers) {
        const res = await callRaw(w.guardian, putQuestionnaireAnswers, {
          params: { id: w.notice.id, questionnaireId: w.questionnaire!.id },
          body,
        });
        expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
        expect(res.json().message).toEqual(expect.any(String));
      }
    }
  });
});

describe('malformed requests answered before any route', () => {
  it('a NUL character (U+0000) anywhere in the input is a 422 in Japanese, nothing written (fuzz found a 500)', async () => {
    const w = await world();
    await expectRefused(w.guardian, postRegisterToken, { body: { token: '\u0000' } }, '使用できない文字が含まれています');
    await expectRefused(
      w.guardian,
      postAbsence,
      {
        params: { childId: w.family.child.id },
        body: { absenceType: 2, absenceDates: ['2099-01-05'], diseases: [], message: 'a\u0000b' },
      },
      '使用できない文字が含まれています',
    );
    await expectRefused(w.guardian, getNotices, { query: { date: '2026\u0000' } }, '使用できない文字が含まれています');
    expect((await t.db.select({ n: count() }).from(attendanceReports))[0]!.n).toBe(0);
  });

  it('a malformed percent-encoding in X-XSRF-TOKEN is the XSRF refusal (419), not a 500', async () => {
    const agent = t.agent();
    await agent.get('/sanctum/csrf-cookie');
    for (const header of ['%', '%E0%A4%A', '%zz', `${agent.cookie('XSRF-TOKEN')}%`]) {
      const res = await callRaw(agent, postLogin, {
        body: { email: 'a@example.com', password: 'x' },
        xsrf: false,
        headers: { 'x-xsrf-token': header },
      });
      expect(res.statusCode, header).toBe(419);
      expect(res.json().message).toMatch(/ページの有効期限/);
    }
  });

  it('a file URL whose query is not single strings (sig[x]=1, exp twice) is a 422', async () => {
    for (const query of ['sig[x]=1', 'exp=4102444800&sig[x]=1', 'exp=1&exp=2&sig=a', 'v[]=thumb&exp=1&sig=a']) {
      const res = await t.agent().get(`/files/children/1.jpg?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe('入力内容に誤りがあります');
    }
    expect((await t.agent().get('/files/children/1.jpg?exp=1&sig=a')).statusCode).toBe(403);
  });

  it('an over-long path segment is a Japanese JSON 414, a malformed path encoding a Japanese 400', async () => {
    const long = await callRaw(t.agent(), getInviteVerify, { params: { token: 'a'.repeat(500) } });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/application\/json/);
    expect(long.json()).toEqual({ message: 'URLが長すぎます' });
    const bad = await t.agent().get('/api/children/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'URLが正しくありません' });
  });
});

describe('uploads', () => {
  it('a multipart body that is no readable form (no closing boundary) is a 422, for the avatar and the child photo', async () => {
    const w = await world();
    const headers = { 'content-type': 'multipart/form-data; boundary=----fuzz' };
    for (const [c, params] of [
      [postUserImage, {}],
      [postChildImage, { childId: w.family.child.id }],
    ] as const) {
      for (const body of [
        'not multipart',
        '------fuzz\r\nContent-Disposition: form-data; name="upload_file"; filename="a.jpg"\r\n\r\nxx',
      ]) {
        const res = await callRaw(w.guardian, c, { params, body, headers });
        expect(res.statusCode, `${c.path} ${body}: ${res.body}`).toBe(422);
        expect(res.json().message).toBe('画像ファイルを選択してください');
      }
    }
  });
});

describe('test-only fixture routes', () => {
  it('check their input with a schema: a 422 for a bad body, a 409 for a taken address, a 404 for an unknown guardian', async () => {
    const agent = t.agent();
    for (const body of [{}, { email: 'x' }, { email: 'ok@example.com', password: 5 }, []]) {
      const res = await agent.post('/api/dev/fixtures/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const user = { email: 'fixture-user@example.com', password: 'pw' };
    expect((await agent.post('/api/dev/fixtures/users', user)).statusCode).toBe(201);
    expect((await agent.post('/api/dev/fixtures/users', user)).statusCode).toBe(409);
    expect((await agent.post('/api/dev/fixtures/staff', { ...user, role: 'director' })).statusCode).toBe(409);
    expect(
      (await agent.post('/api/dev/fixtures/staff', { email: 'f-staff@example.com', password: 'pw', role: 'boss' })).statusCode,
    ).toBe(422);
    expect((await agent.post('/api/dev/fixtures/children', { admittedOn: '2026-02-30' })).statusCode).toBe(422);
    expect((await agent.post('/api/dev/fixtures/children', { mainEmail: 'nobody@example.com' })).statusCode).toBe(404);
    expect((await agent.get('/api/dev/fixtures/mails?to[x]=1')).statusCode).toBe(422);
    expect((await agent.get('/api/dev/fixtures/mails?to=fixture-user@example.com')).statusCode).toBe(200);
  });
});
