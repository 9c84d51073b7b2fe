import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  editableRecordKinds,
  recordKindLabels,
  recordSectionSchema,
  recordTemplateMessages as M,
  type EditableRecordKind,
  type RecordField,
  type RecordFieldType,
  type RecordSection,
  type RecordTemplateBody,
  type RecordTemplateEntry,
} from '@renraku/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, recordDocuments, recordTemplates } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { defaultTemplates } from './default-templates';
import { namesOf } from './present';

type TemplateRow = typeof recordTemplates.$inferSelect;
const sectionsSchema = z.array(recordSectionSchema);

/**
 * Where a field's content lives in the Yjs document (contract `recordFieldSchema`): a key may move,
 * be renamed or removed, but never come back stored another way, or older documents would read
 * wrong under it (docs/decisions/records-templates.md).
 */
const storageOf = (type: RecordFieldType) =>
  ({
    text: 'text',
    short_text: 'text',
    choice: 'value',
    date: 'value',
    grid: 'grid',
    ticks: 'ticks',
    attendance: 'facts',
    naps: 'facts',
  })[type];

/** A field with only its type's own parts (the editor may send leftovers of a changed type). */
function normalise(kind: EditableRecordKind, f: RecordTemplateBody['sections'][number]['fields'][number]): RecordField {
  const base = { key: f.key, label: f.label, type: f.type, ...(f.hint ? { hint: f.hint } : {}) };
  switch (f.type) {
    case 'grid':
      if (!f.rows?.length || !f.columns?.length) throw invalid('sections', M.grid);
      return { ...base, rows: f.rows, columns: f.columns };
    case 'ticks':
      if (!f.reference) throw invalid('sections', M.ticks);
      return { ...base, reference: f.reference };
    case 'choice':
      if (!f.options?.length) throw invalid('sections', M.choice);
      return { ...base, options: f.options };
    case 'attendance':
    case 'naps':
      if (kind !== 'daily_journal') throw invalid('sections', M.facts);
      return base;
    default:
      return base;
  }
}

/**
 * The sections as they will be stored, or a 422 naming what is wrong: keys unique (sections among
 * sections, fields in the whole template), each type with its parts, no key stored another way
 * than in an earlier version or the shipped default.
 */
export function checkTemplate(kind: EditableRecordKind, body: RecordTemplateBody, earlier: RecordSection[][]): RecordSection[] {
  const sectionKeys = body.sections.map((s) => s.key);
  const fieldKeys = body.sections.flatMap((s) => s.fields.map((f) => f.key));
  if (new Set(sectionKeys).size !== sectionKeys.length || new Set(fieldKeys).size !== fieldKeys.length)
    throw invalid('sections', M.duplicateKey);
  const known = new Map<string, string>();
  for (const sections of [defaultTemplates[kind].sections, ...earlier])
    for (const field of sections.flatMap((s) => s.fields)) known.set(field.key, storageOf(field.type));
  const sections = body.sections.map((s) => ({ key: s.key, title: s.title, fields: s.fields.map((f) => normalise(kind, f)) }));
  for (const field of sections.flatMap((s) => s.fields)) {
    const before = known.get(field.key);
    if (before !== undefined && before !== storageOf(field.type)) throw invalid('sections', M.keyType);
  }
  return sections;
}

/** Which of the versions were saved through the editor (their audit entry), not copied in by a first document. One statement. */
async function savedByEditor(db: Db, facilityId: number, templateIds: number[]): Promise<Set<number>> {
  if (templateIds.length === 0) return new Set();
  const saved = await db
    .select({ id: auditLog.targetId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.facilityId, facilityId),
        eq(auditLog.action, 'record.template.update'),
        eq(auditLog.targetType, 'record_template'),
        inArray(auditLog.targetId, templateIds),
      ),
    );
  return new Set(saved.map((r) => r.id!));
}

/** The version-1 rows no editor saved: copies of the shipped default made by a first document. One statement. */
async function defaultCopies(db: Db, facilityId: number, rows: { id: number; version: number }[]): Promise<Set<number>> {
  const firsts = rows.filter((r) => r.version === 1).map((r) => r.id);
  const saved = await savedByEditor(db, facilityId, firsts);
  return new Set(firsts.filter((id) => !saved.has(id)));
}

async function templateRows(db: Db, facilityId: number, kind?: EditableRecordKind): Promise<TemplateRow[]> {
  return db
    .select()
    .from(recordTemplates)
    .where(and(eq(recordTemplates.facilityId, facilityId), kind ? eq(recordTemplates.kind, kind) : undefined))
    .orderBy(desc(recordTemplates.version));
}

async function entries(db: Db, facilityId: number, kinds: readonly EditableRecordKind[]): Promise<RecordTemplateEntry[]> {
  const rows = await templateRows(db, facilityId);
  const perTemplate = await db
    .select({ templateId: recordDocuments.templateId, n: count() })
    .from(recordDocuments)
    .where(eq(recordDocuments.facilityId, facilityId))
    .groupBy(recordDocuments.templateId);
  const docsOn = new Map(perTemplate.map((r) => [r.templateId, Number(r.n)]));
  const names = await namesOf(db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]);
  const copies = await defaultCopies(db, facilityId, rows);
  return kinds.map((kind) => {
    const mine = rows.filter((r) => r.kind === kind);
    const latest = mine[0];
    const older = mine.slice(1).reduce((n, r) => n + (docsOn.get(r.id) ?? 0), 0);
    // Untouched: no row yet, or only the shipped default a first document copied in (nobody saved it).
    if (!latest || copies.has(latest.id)) {
      const { name, sections } = latest
        ? { name: latest.name, sections: sectionsSchema.parse(latest.sections) }
        : defaultTemplates[kind];
      return {
        kind,
        label: recordKindLabels[kind],
        name,
        version: 0,
        sections,
        updated_at: null,
        updated_by: null,
        documents_on_older: 0,
      };
    }
    return {
      kind,
      label: recordKindLabels[kind],
      name: latest.name,
      version: latest.version,
      sections: sectionsSchema.parse(latest.sections),
      updated_at: latest.createdAt.toISOString(),
      updated_by: latest.createdBy ? (names.get(latest.createdBy) ?? null) : null,
      documents_on_older: older,
    };
  });
}

/** The current template of each kind a facility edits (the shipped default as version 0 where unchanged). */
export async function listTemplates(db: Db, grant: FacilityGrant): Promise<{ templates: RecordTemplateEntry[] }> {
  return { templates: await entries(db, grant.facilityId, editableRecordKinds) };
}

/**
 * Saves the template as its next version (records-templates.md): the caller's right and the
 * template checked against every earlier version in one transaction with its audit entry. The editor's `base_version` must still be the
 * latest (else 409: someone saved first); two saves at once meet the unique version index (409).
 * Documents keep the version they were made on; new ones take this one.
 */
export async function saveTemplate(
  db: Db,
  staff: StaffViewer,
  authorize: (db: Db) => Promise<FacilityGrant>,
  kind: EditableRecordKind,
  body: RecordTemplateBody,
  now: Date,
): Promise<RecordTemplateEntry> {
  const grant = await db.transaction(async (tx) => {
    const t: Db = tx;
    const grant = await authorize(t);
    const rows = await templateRows(t, grant.facilityId, kind);
    const latest = rows[0]?.version ?? 0;
    // A first document copies the shipped default in as version 1 (templates.ts): the same template
    // an editor opened as version 0, not someone else's save.
    const copiedDefault =
      latest === 1 && body.base_version === 0 && !(await savedByEditor(t, grant.facilityId, [rows[0]!.id])).has(rows[0]!.id);
    if (body.base_version !== latest && !copiedDefault) throw conflict(M.stale);
    const sections = checkTemplate(
      kind,
      body,
      rows.map((r) => sectionsSchema.parse(r.sections)),
    );
    const [made] = await t
      .insert(recordTemplates)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        kind,
        name: body.name,
        version: latest + 1,
        sections,
        createdBy: staff.userId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: recordTemplates.id });
    if (!made) throw conflict(M.stale);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.template.update',
      targetType: 'record_template',
      targetId: made.id,
      details: {
        kind,
        version: latest + 1,
        sections: sections.map((s) => s.title),
        fields: sections.reduce((n, s) => n + s.fields.length, 0),
      },
    });
    return grant;
  });
  return (await entries(db, grant.facilityId, [kind]))[0]!;
}
