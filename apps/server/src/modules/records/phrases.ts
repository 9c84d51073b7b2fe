import { and, asc, eq } from 'drizzle-orm';
import { recordPhrasesMessages as P, type RecordPhrase, type RecordPhraseTopic } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { recordPhrases } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { authorizeFacility, grantHolds, type FacilityGrant, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { shippedPhrases } from './default-phrases';

/**
 * Who may use the 文例 (docs/decisions/records-phrases.md): every reader of the facility's records
 * (not office: 403); adding and removing, its 園長, company admins and 主任, on a desktop sign-in.
 */
export async function authorizePhrases(ctx: AppContext, staff: StaffViewer, facilityId: number, mode: 'read' | 'manage') {
  const grant = await authorizeFacility(ctx, staff, facilityId, 'records.read');
  const canAdd = grantHolds(grant, 'records.phrases');
  if (mode === 'manage' && !canAdd) throw forbidden();
  return { grant, canAdd };
}

type Filter = { age_band?: number; month?: number; topic?: RecordPhraseTopic; q?: string };

const fits = (f: Filter, phrase: { topic: string; ages: number[]; month: number | null; text: string }) =>
  (f.topic === undefined || phrase.topic === f.topic) &&
  (f.age_band === undefined || phrase.ages.length === 0 || phrase.ages.includes(f.age_band)) &&
  (f.month === undefined || phrase.month === null || phrase.month === f.month) &&
  (!f.q || phrase.text.includes(f.q));

/** The facility's phrases first (its own words), then the shipped ones; a month's own before the any-month ones. */
export async function listPhrases(db: Db, facilityId: number, filter: Filter): Promise<RecordPhrase[]> {
  const own = await db
    .select()
    .from(recordPhrases)
    .where(eq(recordPhrases.facilityId, facilityId))
    .orderBy(asc(recordPhrases.id));
  const mine = own
    .map((r) => ({ id: r.id, topic: r.topic, ages: r.ageBands, month: r.month, text: r.text, source: 'facility' as const }))
    .filter((r) => fits(filter, r));
  const shipped = shippedPhrases
    .filter((s) => fits(filter, s))
    .map((s) => ({ id: null, topic: s.topic, ages: s.ages, month: s.month, text: s.text, source: 'shipped' as const }));
  const bySeason = (a: { month: number | null }, b: { month: number | null }) =>
    Number(a.month === null) - Number(b.month === null);
  return [...mine.sort(bySeason), ...shipped.sort(bySeason)].map((r) => ({
    id: r.id,
    text: r.text,
    topic: r.topic as RecordPhraseTopic,
    age_bands: r.ages,
    month: r.month,
    source: r.source,
  }));
}

export async function addPhrase(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  body: { text: string; topic: RecordPhraseTopic; age_bands: number[]; month: number | null },
  now: Date,
): Promise<RecordPhrase> {
  const ages = [...new Set(body.age_bands)].sort();
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .insert(recordPhrases)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        topic: body.topic,
        text: body.text,
        ageBands: ages,
        month: body.month,
        createdBy: staff.userId,
        createdAt: now,
      })
      .returning();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.phrase.create',
      targetType: 'record_phrase',
      targetId: row!.id,
      details: { topic: body.topic, text: body.text },
    });
    return { id: row!.id, text: row!.text, topic: body.topic, age_bands: ages, month: body.month, source: 'facility' };
  });
}

export async function removePhrase(db: Db, staff: StaffViewer, grant: FacilityGrant, phraseId: number, now: Date) {
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const [row] = await t
      .delete(recordPhrases)
      .where(and(eq(recordPhrases.id, phraseId), eq(recordPhrases.facilityId, grant.facilityId)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.phrase.delete',
      targetType: 'record_phrase',
      targetId: row.id,
      details: { topic: row.topic, text: row.text },
    });
  });
  return { message: P.deleted };
}
