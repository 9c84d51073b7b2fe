import { and, between, desc, eq } from 'drizzle-orm';
import { monthRange, type ClassRecords, type RecordSlot } from '@renraku/contract';
import type { Db } from '../../db/client';
import { facilityClosedDays, recordDocuments } from '../../db/schema';
import type { RecordDocumentRow, RecordGrant } from './access';
import { journalDays, periodLabel } from './periods';
import { namesOf, summaryOf } from './present';

const stateOf = (doc: RecordDocumentRow | undefined): RecordSlot['state'] => {
  if (!doc) return 'missing';
  return ({ draft: 'writing', submitted: 'waiting', returned: 'returned', approved: 'done' } as const)[
    doc.status as 'draft' | 'submitted' | 'returned' | 'approved'
  ];
};

/**
 * A class's month (records.md §4): the 月案 and each due day's 保育日誌, with what is missing or
 * waiting. The latest version of each stands for it. Three statements.
 */
export async function classRecords(db: Db, access: RecordGrant, month: string, today: string): Promise<ClassRecords> {
  const { klass } = access;
  const { first, last } = monthRange(month);
  const docs = await db
    .select()
    .from(recordDocuments)
    .where(and(eq(recordDocuments.classId, klass.id), between(recordDocuments.periodStart, first, last)))
    .orderBy(desc(recordDocuments.version));
  const closed = await db
    .select({ date: facilityClosedDays.date })
    .from(facilityClosedDays)
    .where(and(eq(facilityClosedDays.facilityId, klass.facilityId), between(facilityClosedDays.date, first, last)));
  const latest = new Map<string, RecordDocumentRow>();
  for (const doc of docs) if (!latest.has(`${doc.kind}:${doc.periodStart}`)) latest.set(`${doc.kind}:${doc.periodStart}`, doc);
  const names = await namesOf(db, [...new Set([...latest.values()].flatMap((d) => (d.approvedBy ? [d.approvedBy] : [])))]);
  const slot = (kind: 'monthly_plan' | 'daily_journal', period: string, start: string): RecordSlot => {
    const doc = latest.get(`${kind}:${start}`);
    return { kind, period, label: periodLabel(kind, start), document: doc ? summaryOf(doc, names) : null, state: stateOf(doc) };
  };
  const days = journalDays(month, today, new Set(closed.map((c) => c.date)));
  // A diary written on a day off (a Saturday event) is listed too.
  const written = [...latest.values()].filter((d) => d.kind === 'daily_journal').map((d) => d.periodStart);
  const journalDates = [...new Set([...days, ...written])].sort().reverse();
  const monthly_plan = slot('monthly_plan', month, first);
  const journals = journalDates.map((d) => slot('daily_journal', d, d));
  const all = [monthly_plan, ...journals];
  return {
    class: { id: klass.id, name: klass.name, age_band: klass.ageBand },
    month,
    can_write: access.canWrite,
    can_approve: access.canApprove,
    monthly_plan,
    journals,
    counts: {
      missing: all.filter((s) => s.state === 'missing').length,
      waiting: all.filter((s) => s.state === 'waiting').length,
      returned: all.filter((s) => s.state === 'returned').length,
    },
  };
}
