import { describe, expect, it } from 'vitest';
import {
  getStaffNoticesVersion,
  getStaffSchedulesVersion,
  postChildSchedule,
  postStaffFacilityNotice,
  postStaffScheduleWindow,
  putNoticesRead,
  putQuestionnaireAnswers,
} from '@renraku/contract';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectInvalid, expectMatrix, readAll } from './staff-persona-matrix';

/**
 * The notices' and the schedules' fingerprints (docs/decisions/day-live-updates.md): the open
 * notice list, tracking and 登園予定 screens poll them as the board polls day-version, and refetch
 * when a guardian reads, answers or registers.
 */
const { t, w, as } = setupStaffWorld();

// A Friday in November 2026, Tokyo morning: December's window is open until the 27th.
const clock = { 'x-test-now': '2026-11-20T01:00:00.000Z' };

describe('GET /api/staff/facilities/{facilityId}/notices-version', () => {
  const version = async (agent: Agent = as.classStaffA) =>
    (await call(agent, getStaffNoticesVersion, { params: { facilityId: w.facilityId } })).data.version;

  it('every member polls it; other facilities and guardians do not; a bad id is a 422', async () => {
    await expectMatrix(as, readAll, (agent) => call(agent, getStaffNoticesVersion, { params: { facilityId: w.facilityId } }));
    const bad = await callRaw(as.director, getStaffNoticesVersion, { params: { facilityId: 'x' as unknown as number } });
    expect(bad.statusCode).toBe(422);
  });

  it('moves when a notice is sent, read by a guardian and answered; stays otherwise; 3 statements', async () => {
    const first = await version();
    expect(await version()).toBe(first);
    const before = t.database.queryCount();
    await version();
    // session, grant, the fingerprint
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(3);

    const made = await call(as.director, postStaffFacilityNotice, {
      params: { facilityId: w.facilityId },
      body: {
        title: '遠足のお知らせ',
        text: '',
        audience: { kind: 'classes', ids: [w.classA.id] },
        release: 'now',
        questionnaire: {
          close_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
          questions: [{ text: '参加されますか', answer_format: 'single_choice', is_required: true, choices: ['はい', 'いいえ'] }],
        },
      },
    });
    expect(made.statusCode).toBe(201);
    const sent = await version();
    expect(sent).not.toBe(first);

    const guardian = await t.signIn(w.family.main);
    await call(guardian, putNoticesRead, { body: { noticeId: made.data.id, childIds: [w.family.child.id] } });
    const read = await version();
    expect(read).not.toBe(sent);
    // A second read of the same notice changes nothing.
    await call(guardian, putNoticesRead, { body: { noticeId: made.data.id, childIds: [w.family.child.id] } });
    expect(await version()).toBe(read);

    const q = made.data.questionnaire!;
    const answered = await call(guardian, putQuestionnaireAnswers, {
      params: { id: made.data.id, questionnaireId: q.id },
      body: { childId: w.family.child.id, answers: [{ questionId: q.questions[0]!.id, text: q.questions[0]!.choices[0]!.id }] },
    });
    expect(answered.statusCode).toBe(200);
    expect(await version(as.office)).not.toBe(read);
  });
});

describe('GET /api/staff/facilities/{facilityId}/schedules-version', () => {
  const version = async (month = '2026-12', agent: Agent = as.classStaffB) =>
    (await call(agent, getStaffSchedulesVersion, { params: { facilityId: w.facilityId }, query: { month }, headers: clock })).data
      .version;

  it('every member polls it; other facilities and guardians do not; a bad month is a 422 in Japanese', async () => {
    await expectMatrix(as, readAll, (agent) =>
      call(agent, getStaffSchedulesVersion, { params: { facilityId: w.facilityId }, query: { month: '2026-12' } }),
    );
    for (const month of ['2026-13', '2026/12', '']) {
      expectInvalid(
        await callRaw(as.director, getStaffSchedulesVersion, { params: { facilityId: w.facilityId }, query: { month } }),
        'month',
      );
    }
  });

  it('moves when a guardian registers a day of the month, not for another month; 3 statements', async () => {
    const opened = await call(as.director, postStaffScheduleWindow, {
      params: { facilityId: w.facilityId },
      body: { month: '2026-12', deadline: '2026-11-27', open_days: ['2026-12-01', '2026-12-02', '2026-12-03'] },
      headers: clock,
    });
    expect(opened.statusCode).toBe(201);
    const first = await version();
    const january = await version('2027-01');
    const before = t.database.queryCount();
    await version();
    expect(t.database.queryCount() - before).toBeLessThanOrEqual(3);

    const guardian = await t.signIn(w.family.main, clock);
    const registered = await call(guardian, postChildSchedule, {
      params: { id: w.family.child.id },
      body: { date: '2026-12-02', isAbsent: false, attendanceTime: '08:30', leavingTime: '16:30' },
      headers: clock,
    });
    expect(registered.statusCode).toBe(201);
    expect(await version()).not.toBe(first);
    expect(await version('2027-01')).toBe(january);
  });
});
