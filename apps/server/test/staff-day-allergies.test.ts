/**
 * A child's アレルギー on the class tablet (docs/decisions/day-allergies-on-tablet.md): the board and
 * the entry grid carry it for every child of the class, a tablet's PIN session included (the child's
 * record page is desktop-only since issue 30, so without this a 保育士 serving lunch on the tablet
 * could not see it). Health data of the child's record: a read that shows one is audited by child.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  getStaffClassBoard,
  getStaffClassDailyNotes,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  putStaffClassDailyNoteDrafts,
  emptyDailyNoteContent,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, children, noteChildren, staffPins } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { buildChild } from './factories';
import { call, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;
const today = tokyoDate(new Date());
const PIN = '1357';
const ALLERGIES = '卵（加熱したものも除去）、乳';

let tablet: Agent;
let plainChildId: number;

const entries = (action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.facilityId, w.facilityId)))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  await db()
    .update(children)
    .set({ allergies: ` ${ALLERGIES}\n` })
    .where(eq(children.id, w.family.child.id));
  const plain = await buildChild(db(), { facilityId: w.facilityId });
  await db().update(noteChildren).set({ classId: w.classA.id }).where(eq(noteChildren.id, plain.noteChild.id));
  plainChildId = plain.child.id;
  await db()
    .insert(staffPins)
    .values({ userId: w.staff.classStaffA.user.id, pinHash: await hashPassword(PIN) });
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: 'ひよこ組タブレット', class_id: w.classA.id },
  });
  tablet = t.agent();
  expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  const opened = await call(tablet, postStaffDeviceUnlock, { body: { user_id: w.staff.classStaffA.user.id, pin: PIN } });
  expect(opened.statusCode).toBe(200);
}, 120_000);

const board = (agent: Agent) => call(agent, getStaffClassBoard, { params: { classId: w.classA.id }, query: {} });
const grid = (agent: Agent) => call(agent, getStaffClassDailyNotes, { params: { classId: w.classA.id }, query: {} });
const allergiesOf = (rows: { child_id: number; allergies: string }[]) =>
  Object.fromEntries(rows.map((c) => [c.child_id, c.allergies]));

describe('the class tablet shows each child’s アレルギー', () => {
  it('on the board and the entry grid of a PIN session, trimmed, and empty for a child with none', async () => {
    const b = await board(tablet);
    expect(b.statusCode).toBe(200);
    expect(allergiesOf(b.data.children)).toEqual({ [w.family.child.id]: ALLERGIES, [plainChildId]: '' });
    const g = await grid(tablet);
    expect(g.statusCode).toBe(200);
    expect(allergiesOf(g.data.children)).toEqual({ [w.family.child.id]: ALLERGIES, [plainChildId]: '' });
  });

  it('to every member who reads the class’s day, desktop included; others are refused as before', async () => {
    for (const agent of [as.classStaffA, as.classStaffB, as.director, as.companyAdmin]) {
      const b = await board(agent);
      expect(b.statusCode).toBe(200);
      expect(allergiesOf(b.data.children)[w.family.child.id]).toBe(ALLERGIES);
    }
    expect((await board(as.office)).statusCode).toBe(403);
    expect((await grid(as.office)).statusCode).toBe(403);
    expect((await board(as.otherFacility)).statusCode).toBe(404);
    expect((await grid(as.otherFacility)).statusCode).toBe(404);
    expect((await board(as.guardian)).statusCode).toBe(401);
    expect((await grid(as.anonymous)).statusCode).toBe(401);
  });

  it('the answers of the grid’s writes carry it too (the screen never loses it after a save)', async () => {
    const saved = await call(tablet, putStaffClassDailyNoteDrafts, {
      params: { classId: w.classA.id },
      body: { date: today, drafts: [{ child_id: plainChildId, content: { ...emptyDailyNoteContent(), text: '元気' } }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(allergiesOf(saved.data.children)[w.family.child.id]).toBe(ALLERGIES);
  });
});

describe('a read that shows an allergy is in the audit log by child', () => {
  it('one entry per read naming the children shown, with the tablet as the device', async () => {
    const before = { board: (await entries('day.board.read')).length, grid: (await entries('daily_notes.class.read')).length };
    await board(tablet);
    await grid(tablet);
    const boardReads = (await entries('day.board.read')).slice(before.board);
    const gridReads = (await entries('daily_notes.class.read')).slice(before.grid);
    for (const rows of [boardReads, gridReads]) {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: w.staff.classStaffA.user.id,
        targetType: 'class',
        targetId: w.classA.id,
        childId: w.family.child.id,
        details: { child_ids: [w.family.child.id], date: today },
      });
      expect(rows[0]!.deviceId).not.toBeNull();
    }
  });

  it('a refused read writes nothing, and a class with no allergy writes nothing', async () => {
    const before = (await entries('daily_notes.class.read')).length;
    await grid(as.office);
    await grid(as.otherFacility);
    expect((await entries('daily_notes.class.read')).length).toBe(before);
    await db().update(children).set({ allergies: '' }).where(eq(children.id, w.family.child.id));
    await grid(as.director);
    await board(as.director);
    expect((await entries('daily_notes.class.read')).length).toBe(before);
  });
});
