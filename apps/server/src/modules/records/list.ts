import { and, asc, between, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { monthRange, type ClassRecordKind, type ClassRecords, type ProgressRecordSlot, type RecordSlot } from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, facilityClosedDays, noteChildren, recordDocuments } from '../../db/schema';
import { childName } from '../../lib/child-names';
import { enrolmentDuring } from '../access';
import { fiscalAge } from '../billing/service';
import type { RecordDocumentRow, RecordGrant } from './access';
import { annualPlanSlot } from './annual-plan';
import { dailyPlanDays, journalDays, periodLabel, weeksOfMonth } from './periods';
import { namesOf, summaryOf } from './present';
import { loadRecordSettings, progressPeriodLabel, progressPeriodOf } from './terms';

const stateOf = (doc: RecordDocumentRow | undefined): RecordSlot['state'] => {
  if (!doc) return 'missing';
  return ({ draft: 'writing', submitted: 'waiting', returned: 'returned', approved: 'done' } as const)[
    doc.status as 'draft' | 'submitted' | 'returned' | 'approved'
  ];
};

/**
 * The children of the class in the month (records-missing.md): in the class now, enrolled on some
 * day of the month. Those under 3 by fiscal age (満年齢 on April 1 of the fiscal year, so a child
 * who turns 3 during the year still has one every month until March) need a 個別指導計画.
 */
async function childrenOfMonth(db: Db, classId: number, month: string) {
  const { first, last } = monthRange(month);
  const rows = await db
    .select({ id: children.id, name: childName, birth: children.birth })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(and(eq(noteChildren.classId, classId), enrolmentDuring(noteChildren, first, last)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
  return rows;
}

/**
 * Each child's 経過記録 of the month (records-progress-missing.md): the period holding the month (the
 * month under the facility's age, else its 期), listed when it ends in the month (it is due) or when
 * it has been begun; the latest version stands for it, whichever class wrote it.
 */
async function progressSlots(
  db: Db,
  facilityId: number,
  enrolled: { id: number; name: string; birth: string }[],
  month: string,
): Promise<ProgressRecordSlot[]> {
  if (enrolled.length === 0) return [];
  const { first, last } = monthRange(month);
  const settings = await loadRecordSettings(db, facilityId);
  const docs = await db
    .select()
    .from(recordDocuments)
    .where(
      and(
        eq(recordDocuments.kind, 'progress_record'),
        inArray(
          recordDocuments.childId,
          enrolled.map((c) => c.id),
        ),
        lte(recordDocuments.periodStart, last),
        gte(recordDocuments.periodEnd, first),
      ),
    )
    .orderBy(desc(recordDocuments.version));
  const latest = new Map<string, RecordDocumentRow>();
  for (const doc of docs)
    if (!latest.has(`${doc.childId}:${doc.periodStart}`)) latest.set(`${doc.childId}:${doc.periodStart}`, doc);
  const names = await namesOf(db, [...new Set([...latest.values()].flatMap((d) => (d.approvedBy ? [d.approvedBy] : [])))]);
  return enrolled.flatMap((child): ProgressRecordSlot[] => {
    const p = progressPeriodOf(month, child.birth, settings);
    const doc = latest.get(`${child.id}:${p.start}`);
    if (!doc && p.end > last) return [];
    return [
      {
        kind: 'progress_record',
        period: p.period,
        label: `${child.name}さんの${progressPeriodLabel(p.start, p.end)}の経過記録`,
        child: { id: child.id, name: child.name },
        document: doc ? summaryOf(doc, names) : null,
        state: stateOf(doc),
      },
    ];
  });
}

/**
 * A class's month (records.md §4): the 月案, each week's 週案, each child under 3's 個別指導計画
 * and each due day's 保育日誌, with what is missing or waiting. The latest version of each stands
 * for it. A child's plan counts wherever it was written (a child who changed class keeps theirs).
 */
export async function classRecords(db: Db, access: RecordGrant, month: string, today: string): Promise<ClassRecords> {
  const { klass } = access;
  const { first, last } = monthRange(month);
  const enrolled = await childrenOfMonth(db, klass.id, month);
  const under3 = enrolled.filter((c) => fiscalAge(c.birth, month) < 3);
  const docs = await db
    .select()
    .from(recordDocuments)
    .where(
      and(
        between(recordDocuments.periodStart, first, last),
        or(
          and(eq(recordDocuments.classId, klass.id), isNull(recordDocuments.childId)),
          under3.length > 0
            ? and(
                eq(recordDocuments.kind, 'individual_plan'),
                inArray(
                  recordDocuments.childId,
                  under3.map((c) => c.id),
                ),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(recordDocuments.version));
  const closed = await db
    .select({ date: facilityClosedDays.date })
    .from(facilityClosedDays)
    .where(and(eq(facilityClosedDays.facilityId, klass.facilityId), between(facilityClosedDays.date, first, last)));
  const keyOf = (kind: string, start: string, childId: number | null) => `${kind}:${start}:${childId ?? ''}`;
  const latest = new Map<string, RecordDocumentRow>();
  for (const doc of docs) {
    const key = keyOf(doc.kind, doc.periodStart, doc.childId);
    if (!latest.has(key)) latest.set(key, doc);
  }
  const names = await namesOf(db, [...new Set([...latest.values()].flatMap((d) => (d.approvedBy ? [d.approvedBy] : [])))]);
  const slot = (kind: ClassRecordKind, period: string, start: string, child?: { id: number; name: string }): RecordSlot => {
    const doc = latest.get(keyOf(kind, start, child?.id ?? null));
    return {
      kind,
      period,
      label: periodLabel(kind, start, child?.name),
      child: child ? { id: child.id, name: child.name } : null,
      document: doc ? summaryOf(doc, names) : null,
      state: stateOf(doc),
    };
  };
  const closedDays = new Set(closed.map((c) => c.date));
  // A diary or a 日案 written on a day off (a Saturday event) is listed too, newest first.
  const datesOf = (kind: 'daily_journal' | 'daily_plan', due: string[]) => {
    const written = [...latest.values()].filter((d) => d.kind === kind).map((d) => d.periodStart);
    return [...new Set([...due, ...written])].sort().reverse();
  };
  const { writesDailyPlans } = await loadRecordSettings(db, klass.facilityId);
  const monthly_plan = slot('monthly_plan', month, first);
  const weekly_plans = weeksOfMonth(month).map((monday) => slot('weekly_plan', monday, monday));
  const daily_plans = datesOf('daily_plan', writesDailyPlans ? dailyPlanDays(month, today, closedDays) : []).map((d) =>
    slot('daily_plan', d, d),
  );
  const individual_plans = under3.map((child) => slot('individual_plan', month, first, child));
  const journals = datesOf('daily_journal', journalDays(month, today, closedDays)).map((d) => slot('daily_journal', d, d));
  const progress = await progressSlots(db, klass.facilityId, enrolled, month);
  const all = [monthly_plan, ...weekly_plans, ...daily_plans, ...individual_plans, ...journals, ...progress];
  return {
    class: { id: klass.id, name: klass.name, age_band: klass.ageBand },
    month,
    can_write: access.canWrite,
    can_approve: access.canApprove,
    annual_plan: await annualPlanSlot(db, klass),
    monthly_plan,
    weekly_plans,
    daily_plans,
    individual_plans,
    journals,
    progress_records: progress,
    counts: {
      missing: all.filter((s) => s.state === 'missing').length,
      waiting: all.filter((s) => s.state === 'waiting').length,
      returned: all.filter((s) => s.state === 'returned').length,
    },
    children: enrolled.map((c) => ({ id: c.id, name: c.name })),
  };
}
