import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { beforeAll, expect } from 'vitest';
import { postStaffDeviceUnlock, type RecordKind } from '@renraku/contract';
import type { Db } from '../src/db/client';
import { children, noteChildren, recordDocuments, staffMemberships } from '../src/db/schema';
import { currentTemplate, storeState } from '../src/modules/records/service';
import { buildChild, buildStaff } from './factories';
import { call, type Agent, type StaffPersona, type TestAppHandle } from './harness';
import { pairDevice, setupStaffWorld, type StaffWorld } from './staff-world';

/*
 * The world the records tests share (records.md §7): staff.md §7's callers, the 主任 and class A's
 * unlocked tablet, and children placed in a class with a birth date.
 */

export type { StaffWorld };
export type Kid = Awaited<ReturnType<typeof buildChild>>;
type Clock = Record<string, string>;

/** The 主任: class staff of class B marked so (staff-chief-flag.md), signed in. */
export async function signInChief(t: TestAppHandle, w: StaffWorld, clock: Clock): Promise<Agent> {
  const chief = await buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classB.id] });
  await t.db.update(staffMemberships).set({ isChief: true }).where(eq(staffMemberships.id, chief.membership.id));
  return t.signInStaff(chief.user, clock);
}

/** Class A's tablet: registered by the director, paired, and unlocked with the PIN of a class A staff member. */
export async function classTablet(t: TestAppHandle, w: StaffWorld, director: Agent, clock: Clock, pin = '2468'): Promise<Agent> {
  const tablet = await pairDevice(t, director, w.facilityId, { name: 'ひよこ組', class_id: w.classA.id }, clock);
  const pinned = await buildStaff(t.db, { role: 'class_staff', facilityId: w.facilityId, classIds: [w.classA.id], pin });
  expect((await call(tablet, postStaffDeviceUnlock, { body: { user_id: pinned.user.id, pin } })).statusCode).toBe(200);
  return tablet;
}

/** records.md §7's callers: staff.md §7's, the 主任 (`chief`) and class A's unlocked tablet (`tablet`). */
export type RecordsCallers = Record<StaffPersona | 'chief' | 'tablet', Agent>;

/**
 * `setupStaffWorld()` with the 主任 and class A's tablet (unlocked with `tabletPin`) added to `as`,
 * in place in beforeAll like the rest: a file's own beforeAll runs after them.
 */
export function setupRecordsWorld(clock: Clock, tabletPin = '2468') {
  const { t, db, w, as } = setupStaffWorld(clock);
  const callers = as as RecordsCallers;
  beforeAll(async () => {
    callers.chief = await signInChief(t, w, clock);
    callers.tablet = await classTablet(t, w, as.director, clock, tabletPin);
  }, 120_000);
  return { t, db, w, as: callers };
}

export interface KidOptions {
  leftOn?: string | null;
  admittedOn?: string;
  sex?: number;
}

/** A child of the world's facility placed in a class, born on `birth`. */
export async function placeKid(
  db: Db,
  w: StaffWorld,
  firstName: string,
  birth: string,
  classId: number,
  { leftOn = null, admittedOn, sex }: KidOptions = {},
): Promise<Kid> {
  const k = await buildChild(db, { facilityId: w.facilityId, firstName, leftOn, ...(admittedOn ? { admittedOn } : {}) });
  await db
    .update(children)
    .set(sex === undefined ? { birth } : { birth, sex })
    .where(eq(children.id, k.child.id));
  await db.update(noteChildren).set({ classId }).where(eq(noteChildren.id, k.noteChild.id));
  return k;
}

/**
 * An approved plan of `fiscalYear` (a class's, or the facility's when `classId` is null) on the
 * current template, its texts and ticks stored: last year's plan a new one copies from.
 */
export async function approvedPlan(
  db: Db,
  w: StaffWorld,
  fiscalYear: number,
  {
    kind,
    classId,
    texts,
    ticks = [],
  }: { kind: RecordKind; classId: number | null; texts: Record<string, string>; ticks?: string[] },
): Promise<number> {
  const template = await currentTemplate(db, { id: w.facilityId, companyId: w.companyId }, kind, null);
  const [row] = await db
    .insert(recordDocuments)
    .values({
      companyId: w.companyId,
      facilityId: w.facilityId,
      classId,
      kind,
      periodStart: `${fiscalYear}-04-01`,
      periodEnd: `${fiscalYear + 1}-03-31`,
      templateId: template.id,
      status: 'approved',
    })
    .returning();
  const doc = new Y.Doc();
  for (const [key, value] of Object.entries(texts)) doc.getText(key).insert(0, value);
  for (const tick of ticks) doc.getMap('ticks').set(tick, true);
  await storeState(db, row!.id, Y.encodeStateAsUpdate(doc));
  return row!.id;
}
