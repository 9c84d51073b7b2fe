import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  addDays,
  dailyNoteWritableDays,
  growthMessages,
  isCalendarDate,
  monthsBetween,
  type GrowthRowInput,
  type GrowthSession,
  type GrowthSessionChild,
  type Percentiles,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { children, classes, growths, noteChildren } from '../../db/schema';
import { childName, childKana } from '../../lib/child-names';
import { invalid } from '../../lib/errors';
import { enrolmentCovers, type StaffViewer } from '../access';
import { recordAudits } from '../audit/service';
import { referenceCurves } from './reference';

type Klass = typeof classes.$inferSelect;
type Row = typeof growths.$inferSelect;

/** Writable days of a session: today and the 7 days before, as the day's notes (staff.md §4). */
const writable = (date: string, today: string) => date <= today && date >= addDays(today, -dailyNoteWritableDays);

function assertWritable(date: string, today: string) {
  if (date > today) throw invalid('date', growthMessages.futureDay);
  if (!writable(date, today)) throw invalid('date', growthMessages.pastDay);
}

/** The day a call names: a real calendar date (a bad one is a 422, never a database error). */
export function parseDay(date: string | undefined, today: string): string {
  if (date === undefined) return today;
  if (!isCalendarDate(date)) throw invalid('date', '日付の形式が正しくありません');
  return date;
}

const band = (p: Percentiles | null | undefined): [number, number] | null => (p ? [p['3'], p['97']] : null);
const values = (row: Row) => ({ height: row.height, weight: row.weight, head: row.head, chest: row.chest });

/**
 * The session of a class and day: each child enrolled that day with its latest measurement before
 * the day, the day's own (once saved) and the 3rd–97th percentile band at its age. Two statements.
 */
export async function loadGrowthSession(
  db: Db,
  klass: Klass,
  date: string,
  canWrite: boolean,
  today: string,
): Promise<GrowthSession> {
  const kids = await db
    .select({
      id: children.id,
      name: childName,
      kana: childKana,
      birth: children.birth,
      sex: children.sex,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(and(eq(noteChildren.classId, klass.id), enrolmentCovers(noteChildren, date)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
  const rows = kids.length
    ? await db
        .select()
        .from(growths)
        .where(
          and(
            inArray(
              growths.childId,
              kids.map((k) => k.id),
            ),
            lte(growths.measuredOn, date),
          ),
        )
        .orderBy(desc(growths.measuredOn), desc(growths.id))
    : [];
  return {
    date,
    class: { id: klass.id, name: klass.name, facility_id: klass.facilityId },
    can_write: canWrite && writable(date, today),
    children: kids.map((kid): GrowthSessionChild => {
      const own = rows.filter((r) => r.childId === kid.id);
      const current = own.find((r) => r.measuredOn === date);
      const previous = own.find((r) => r.measuredOn < date);
      const age = Math.max(0, monthsBetween(kid.birth, date));
      const curves = referenceCurves(kid.sex);
      return {
        child_id: kid.id,
        name: kid.name,
        kana: kid.kana,
        age_months: age,
        previous: previous ? { date: previous.measuredOn, ...values(previous) } : null,
        current: current ? { id: current.id, ...values(current) } : null,
        reference: { height: band(curves?.height[age]), weight: band(curves?.weight[age]) },
      };
    }),
  };
}

/**
 * Saves the day's measurements of some children: one record per child and day (a second save of
 * the day corrects it), each audited with the values before and after. All or nothing: a child not
 * of the class that day → 422, nothing written.
 */
export async function saveGrowthSession(
  ctx: AppContext,
  staff: StaffViewer,
  klass: Klass,
  input: { date: string; rows: (Required<Omit<GrowthRowInput, 'child_id'>> & { child_id: number })[] },
  now: Date,
): Promise<GrowthSession> {
  const { date } = input;
  assertWritable(date, staff.today);
  const ids = input.rows.map((r) => r.child_id);
  if (new Set(ids).size !== ids.length) throw invalid('rows', growthMessages.duplicateChild);
  await ctx.db.transaction(async (t) => {
    const tx: Db = t;
    const session = await loadGrowthSession(tx, klass, date, true, staff.today);
    const byChild = new Map(session.children.map((c) => [c.child_id, c]));
    if (ids.some((id) => !byChild.has(id))) throw invalid('rows', growthMessages.notInClass);
    const audits = [];
    for (const row of input.rows) {
      const after = { height: row.height, weight: row.weight, head: row.head, chest: row.chest };
      const current = byChild.get(row.child_id)!.current;
      let id: number;
      if (current) {
        await tx.update(growths).set(after).where(eq(growths.id, current.id));
        id = current.id;
      } else {
        const [made] = await tx
          .insert(growths)
          .values({ companyId: klass.companyId, childId: row.child_id, measuredOn: date, ...after })
          .returning({ id: growths.id });
        id = made!.id;
      }
      const { id: _id, ...before } = current ?? { id: 0 };
      audits.push({
        companyId: klass.companyId,
        facilityId: klass.facilityId,
        action: 'growth.record' as const,
        targetType: 'growth',
        targetId: id,
        childId: row.child_id,
        details: { date, before: current ? before : null, after },
      });
    }
    await recordAudits(tx, staff, now, audits);
  });
  return loadGrowthSession(ctx.db, klass, date, true, staff.today);
}
