import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  getStaffAudit,
  getStaffClassBoard,
  getStaffFacilityInbox,
  getStaffNoticeTracking,
  postAbsence,
  postStaffFacilityNotice,
  tokyoDate,
} from '@renraku/contract';
import { auditLog } from '../src/db/schema';
import { diseaseIdsByName } from './factories';
import { call, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

/**
 * Reads that show what staff.md §2 counts as personal records, and were not in the log (issue 30):
 * the notice tracking (who read and answered, and the answers), and the day's board and inbox
 * when they show a child's absence disease. One read is one entry.
 */
const today = tokyoDate(new Date());

const { db, w, as } = setupStaffWorld();
let noticeId: number;

const entries = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

beforeAll(async () => {
  const made = await call(as.director, postStaffFacilityNotice, {
    params: { facilityId: w.facilityId },
    body: { title: '遠足', text: '持ち物', audience: { kind: 'classes', ids: [w.classA.id] }, release: 'now' },
  });
  noticeId = made.data.id;
}, 120_000);

describe('the notice tracking (who read, who answered)', () => {
  it('writes one entry per read, with the reader, the notice and the facility; a refused read writes none', async () => {
    await call(as.classStaffA, getStaffNoticeTracking, { params: { noticeId } });
    await call(as.director, getStaffNoticeTracking, { params: { noticeId } });
    const refused = await call(as.classStaffB, getStaffNoticeTracking, { params: { noticeId } });
    expect(refused.statusCode).toBe(403);
    const rows = await entries('notice.tracking.read');
    expect(rows.map((r) => [r.userId, r.targetType, r.targetId, r.facilityId])).toEqual([
      [w.staff.classStaffA.user.id, 'notice', noticeId, w.facilityId],
      [w.staff.director.user.id, 'notice', noticeId, w.facilityId],
    ]);
  });

  it('writes one entry for the CSV export of the tracking', async () => {
    const csv = await as.director.get(`/api/staff/notices/${noticeId}/tracking.csv`);
    expect(csv.statusCode).toBe(200);
    const refused = await as.classStaffB.get(`/api/staff/notices/${noticeId}/tracking.csv`);
    expect(refused.statusCode).toBe(403);
    const rows = await entries('notice.tracking.csv');
    expect(rows.map((r) => [r.userId, r.targetId])).toEqual([[w.staff.director.user.id, noticeId]]);
  });
});

describe('the board and the inbox when they show an absence disease', () => {
  const board = (agent: Agent) => call(agent, getStaffClassBoard, { params: { classId: w.classA.id }, query: {} });
  const inbox = (agent: Agent) => call(agent, getStaffFacilityInbox, { params: { facilityId: w.facilityId }, query: {} });

  it('writes nothing while no disease is shown', async () => {
    expect((await board(as.classStaffA)).statusCode).toBe(200);
    expect((await inbox(as.classStaffA)).statusCode).toBe(200);
    expect(await entries('day.board.read')).toEqual([]);
    expect(await entries('day.inbox.read')).toEqual([]);
  });

  it('writes one entry per read naming the children whose diseases were shown', async () => {
    const diseases = await diseaseIdsByName(db());
    const absence = await call(as.guardian, postAbsence, {
      params: { childId: w.family.child.id },
      body: { absenceType: 1, absenceDates: [today], diseases: [diseases['インフルエンザ']!], message: '' },
    });
    expect(absence.statusCode).toBe(200);

    expect((await board(as.classStaffA)).data.infection_alerts).toHaveLength(1);
    expect((await board(as.director)).statusCode).toBe(200);
    expect((await inbox(as.classStaffA)).statusCode).toBe(200);
    const boardReads = await entries('day.board.read');
    expect(boardReads.map((r) => [r.userId, r.targetType, r.targetId, r.childId, r.details])).toEqual([
      [w.staff.classStaffA.user.id, 'class', w.classA.id, w.family.child.id, { child_ids: [w.family.child.id], date: today }],
      [w.staff.director.user.id, 'class', w.classA.id, w.family.child.id, { child_ids: [w.family.child.id], date: today }],
    ]);
    const inboxReads = await entries('day.inbox.read');
    expect(inboxReads.map((r) => [r.userId, r.targetType, r.targetId, r.childId])).toEqual([
      [w.staff.classStaffA.user.id, 'facility', w.facilityId, w.family.child.id],
    ]);
  });

  it('refused reads write nothing', async () => {
    const before = (await entries('day.board.read')).length;
    expect((await board(as.office)).statusCode).toBe(403);
    expect((await board(as.otherFacility)).statusCode).toBe(404);
    expect((await board(as.anonymous)).statusCode).toBe(401);
    expect((await inbox(as.ended)).statusCode).toBe(401);
    expect((await entries('day.board.read')).length).toBe(before);
  });

  it('the director finds these reads on the audit screen by child', async () => {
    const byChild = await call(as.director, getStaffAudit, {
      params: { facilityId: w.facilityId },
      query: { child_id: w.family.child.id },
    });
    const actions = byChild.data.data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['day.board.read', 'day.inbox.read']));
    const read = byChild.data.data.find((e) => e.action === 'day.board.read')!;
    expect(read.action_label).toBe('クラスボードの閲覧（欠席の病名・アレルギー）');
    expect(read.child?.id).toBe(w.family.child.id);
  });
});

describe('entries are the facility’s', () => {
  it('belong to the notice’s and the class’s facility and company', async () => {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.facilityId, w.facilityId), eq(auditLog.companyId, w.companyId)));
    expect(rows.filter((r) => r.action.endsWith('.read') || r.action === 'notice.tracking.csv').length).toBeGreaterThanOrEqual(6);
  });
});
