import { and, desc, eq } from 'drizzle-orm';
import { recordSectionSchema, type RecordKind, type RecordTemplate } from '@renraku/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordTemplates } from '../../db/schema';
import { defaultTemplates } from './default-templates';

type TemplateRow = typeof recordTemplates.$inferSelect;

const sectionsSchema = z.array(recordSectionSchema);

export const presentTemplate = (row: TemplateRow): RecordTemplate => ({
  id: row.id,
  kind: row.kind as RecordKind,
  name: row.name,
  version: row.version,
  sections: sectionsSchema.parse(row.sections),
});

/**
 * The facility's current template of a kind (its latest version); the shipped default is copied in
 * the first time (docs/decisions/records-templates.md). A concurrent first copy meets the unique
 * index and reads the other's row.
 */
export async function currentTemplate(
  db: Db,
  facility: { id: number; companyId: number },
  kind: RecordKind,
  userId: number | null,
): Promise<TemplateRow> {
  const latest = async () =>
    (
      await db
        .select()
        .from(recordTemplates)
        .where(and(eq(recordTemplates.facilityId, facility.id), eq(recordTemplates.kind, kind)))
        .orderBy(desc(recordTemplates.version))
        .limit(1)
    )[0];
  const found = await latest();
  if (found) return found;
  const shipped = defaultTemplates[kind];
  const [made] = await db
    .insert(recordTemplates)
    .values({
      companyId: facility.companyId,
      facilityId: facility.id,
      kind,
      name: shipped.name,
      version: 1,
      sections: shipped.sections,
      createdBy: userId,
    })
    .onConflictDoNothing()
    .returning();
  return made ?? (await latest())!;
}

export async function templateById(db: Db, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(recordTemplates).where(eq(recordTemplates.id, id));
  return row!;
}
