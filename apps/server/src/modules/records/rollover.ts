import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { fiscalYearOf, recordTemplateMessages as M, type RecordRollover } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes, recordDocuments } from '../../db/schema';
import { copyState } from './document-store';
import { invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { insertDocument } from './create-document';
import { fiscalYearPeriod } from './periods';
import { loadRecordSettings, termsOf } from './terms';

export type ClassRow = Pick<typeof classes.$inferSelect, 'id' | 'name' | 'ageBand'>;
type DocRow = typeof recordDocuments.$inferSelect;

const KINDS = ['overall_plan', 'annual_plan'] as const;

interface Planned {
  kind: (typeof KINDS)[number];
  /** The new 年度's class (null: the facility's 全体的な計画). */
  target: ClassRow | null;
  source: { doc: DocRow; klass: ClassRow | null } | null;
  existing: DocRow | null;
}

export const classesOf = (db: Db, facilityId: number, year: number) =>
  db
    .select({ id: classes.id, name: classes.name, ageBand: classes.ageBand })
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), eq(classes.fiscalYear, year)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));

/** The latest version of each 全体的な計画 and 年間指導計画 of a 年度, by class (`''` for the facility's). */
export async function plansOf(db: Db, facilityId: number, year: number): Promise<Map<string, DocRow>> {
  const rows = await db
    .select()
    .from(recordDocuments)
    .where(
      and(
        eq(recordDocuments.facilityId, facilityId),
        inArray(recordDocuments.kind, [...KINDS]),
        eq(recordDocuments.periodStart, fiscalYearPeriod(year).start),
      ),
    )
    .orderBy(desc(recordDocuments.version));
  const latest = new Map<string, DocRow>();
  for (const row of rows) {
    // A 全体的な計画 is the facility's own (no class); an 年間指導計画 is a class's.
    if ((row.kind === 'overall_plan') !== (row.classId === null) || row.childId !== null) continue;
    const key = `${row.kind}:${row.classId ?? ''}`;
    if (!latest.has(key)) latest.set(key, row);
  }
  return latest;
}

/**
 * The class of this year a new class's 年間指導計画 starts from (records-rollover.md): a class of
 * the same age band (mixed ages: mixed ages) that has one, the one of the same name first, else the
 * one in the same place among its band, else the first.
 */
export function sourceClass(target: ClassRow, index: number, withPlans: ClassRow[]): ClassRow | null {
  const band = withPlans.filter((c) => c.ageBand === target.ageBand);
  return band.find((c) => c.name === target.name) ?? band[index] ?? band[0] ?? null;
}

/** What the rollover from the year would do; 422 when the year is neither this 年度 nor the last, or the next has no classes. */
async function planRollover(db: Db, staff: StaffViewer, facilityId: number, from: number): Promise<Planned[]> {
  const current = fiscalYearOf(staff.today);
  if (from !== current && from !== current - 1) throw invalid('from_fiscal_year', M.year);
  const [fromClasses, toClasses, fromPlans, toPlans] = await Promise.all([
    classesOf(db, facilityId, from),
    classesOf(db, facilityId, from + 1),
    plansOf(db, facilityId, from),
    plansOf(db, facilityId, from + 1),
  ]);
  if (toClasses.length === 0) throw invalid('from_fiscal_year', M.noNextClasses);
  const withPlans = fromClasses.filter((c) => fromPlans.has(`annual_plan:${c.id}`));
  const overall = fromPlans.get('overall_plan:');
  const planned: Planned[] = [
    {
      kind: 'overall_plan',
      target: null,
      source: overall ? { doc: overall, klass: null } : null,
      existing: toPlans.get('overall_plan:') ?? null,
    },
  ];
  const seen = new Map<number | null, number>();
  for (const target of toClasses) {
    const index = seen.get(target.ageBand) ?? 0;
    seen.set(target.ageBand, index + 1);
    const klass = sourceClass(target, index, withPlans);
    planned.push({
      kind: 'annual_plan',
      target,
      source: klass ? { doc: fromPlans.get(`annual_plan:${klass.id}`)!, klass } : null,
      existing: toPlans.get(`annual_plan:${target.id}`) ?? null,
    });
  }
  return planned;
}

function present(
  from: number,
  planned: Planned[],
  made: Map<Planned, DocRow | null>,
  terms: RecordRollover['terms'],
  preview: boolean,
): RecordRollover {
  const stateOf = (p: Planned) => {
    if (p.existing) return { state: 'existed' as const, document_id: p.existing.id };
    if (!p.source) return { state: 'no_source' as const, document_id: null };
    if (preview) return { state: 'will_create' as const, document_id: null };
    const row = made.get(p);
    return row ? { state: 'created' as const, document_id: row.id } : { state: 'existed' as const, document_id: null };
  };
  const [overall, ...rest] = planned;
  return {
    from_fiscal_year: from,
    to_fiscal_year: from + 1,
    overall_plan: { ...stateOf(overall!), source_id: overall!.source?.doc.id ?? null },
    classes: rest.map((p) => ({
      class_id: p.target!.id,
      class_name: p.target!.name,
      age_band: p.target!.ageBand,
      source: p.source ? { class_id: p.source.klass!.id, class_name: p.source.klass!.name, document_id: p.source.doc.id } : null,
      ...stateOf(p),
    })),
    created_count: [...made.values()].filter((r) => r !== null).length,
    terms,
  };
}

export async function previewRollover(db: Db, staff: StaffViewer, grant: FacilityGrant, from: number): Promise<RecordRollover> {
  const planned = await planRollover(db, staff, grant.facilityId, from);
  const settings = await loadRecordSettings(db, grant.facilityId);
  return present(from, planned, new Map(), termsOf(settings.termStartMonths), true);
}

/**
 * The fiscal-year rollover (records.md §2; docs/decisions/records-rollover.md): each missing
 * 全体的な計画 and 年間指導計画 of the next 年度 starts as a draft on the facility's current template
 * with a copy of this year's text. One transaction with one audit entry naming what it made.
 * Idempotent: what exists is left as it is, and two directors at once meet the unique indexes (the
 * second's insert does nothing). The 期 are the facility's settings: the new year keeps them.
 * `flush` writes the sources' open editing sessions first, so the copy holds the last keystrokes;
 * `authorize` checks the caller again in the transaction.
 */
export async function rollOver(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  authorize: (db: Db) => Promise<FacilityGrant>,
  from: number,
  now: Date,
  flush: (documentId: number) => Promise<void>,
): Promise<RecordRollover> {
  for (const p of await planRollover(db, staff, grant.facilityId, from)) if (p.source) await flush(p.source.doc.id);
  const to = from + 1;
  const { planned, made } = await db.transaction(async (tx) => {
    const t: Db = tx;
    await authorize(t);
    const planned = await planRollover(t, staff, grant.facilityId, from);
    const made = new Map<Planned, DocRow | null>();
    for (const p of planned) {
      if (p.existing || !p.source) continue;
      const owner = { companyId: grant.companyId, facilityId: grant.facilityId, classId: p.target?.id ?? null, childId: null };
      const doc = { ...owner, kind: p.kind, ...fiscalYearPeriod(to) };
      const source = p.source.doc.id;
      const row = await insertDocument(t, staff, doc, now, (db, id) => copyState(db, source, id, now));
      made.set(p, row ?? null);
    }
    const created = [...made.entries()].filter(([, row]) => row !== null);
    if (created.length > 0)
      await recordAudit(t, staff, now, {
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        action: 'record.rollover',
        targetType: 'facility',
        targetId: grant.facilityId,
        details: {
          from_fiscal_year: from,
          to_fiscal_year: to,
          documents: created.map(([p, row]) => ({
            id: row!.id,
            kind: p.kind,
            class_id: p.target?.id ?? null,
            from_document_id: p.source!.doc.id,
          })),
        },
      });
    return { planned, made };
  });
  const settings = await loadRecordSettings(db, grant.facilityId);
  return present(from, planned, made, termsOf(settings.termStartMonths), false);
}
