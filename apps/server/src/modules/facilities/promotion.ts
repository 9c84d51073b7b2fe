import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { facilityMessages, fiscalYearOf, type PromotionSummary } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes, facilityPromotions, noteChildren } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { fiscalYearRange } from './profile';

export interface PromotionInput {
  from_fiscal_year: number;
  moves: { class_id: number; next_class_id: number | null }[];
}

interface PlannedMove {
  classId: number;
  className: string;
  nextClassId: number | null;
  nextClassName: string | null;
  /** The enrolments that move (or end): in the class and reaching past March 31 of the year. */
  enrolmentIds: number[];
  childIds: number[];
}

const classesOfYear = (db: Db, facilityId: number, fiscalYear: number) =>
  db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), eq(classes.fiscalYear, fiscalYear)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));

async function alreadyPromoted(db: Db, facilityId: number, fromFiscalYear: number) {
  const [row] = await db
    .select({ id: facilityPromotions.id })
    .from(facilityPromotions)
    .where(and(eq(facilityPromotions.facilityId, facilityId), eq(facilityPromotions.fromFiscalYear, fromFiscalYear)));
  return !!row;
}

/**
 * Checks the mapping against the facility's classes and finds the children of each class: every
 * class of the year listed exactly once, each next class one of the next year's classes of this
 * facility (ids from the client name nothing else: another facility's class is just not in the
 * list). Four statements.
 */
async function planPromotion(db: Db, grant: FacilityGrant, input: PromotionInput): Promise<PlannedMove[]> {
  const year = input.from_fiscal_year;
  if (await alreadyPromoted(db, grant.facilityId, year)) throw conflict(facilityMessages.promotionAlreadyDone);
  const [current, next] = await Promise.all([
    classesOfYear(db, grant.facilityId, year),
    classesOfYear(db, grant.facilityId, year + 1),
  ]);
  if (current.length === 0) throw invalid('moves', facilityMessages.promotionNoClasses);
  const listed = input.moves.map((m) => m.class_id);
  const currentIds = new Set(current.map((c) => c.id));
  if (new Set(listed).size !== listed.length || listed.length !== current.length || listed.some((id) => !currentIds.has(id))) {
    throw invalid('moves', facilityMessages.promotionClassesMismatch);
  }
  const nextById = new Map(next.map((c) => [c.id, c.name]));
  if (input.moves.some((m) => m.next_class_id !== null && !nextById.has(m.next_class_id))) {
    throw invalid('moves', facilityMessages.promotionNextClassInvalid);
  }
  const lastDay = fiscalYearRange(year).last;
  const enrolments = await db
    .select({ id: noteChildren.id, childId: noteChildren.childId, classId: noteChildren.classId })
    .from(noteChildren)
    .where(
      and(
        eq(noteChildren.facilityId, grant.facilityId),
        inArray(noteChildren.classId, listed),
        or(isNull(noteChildren.leftOn), gt(noteChildren.leftOn, lastDay)),
      ),
    )
    .orderBy(asc(noteChildren.id));
  const nextOf = new Map(input.moves.map((m) => [m.class_id, m.next_class_id]));
  return current.map((c) => {
    const nextClassId = nextOf.get(c.id) ?? null;
    const mine = enrolments.filter((e) => e.classId === c.id);
    return {
      classId: c.id,
      className: c.name,
      nextClassId,
      nextClassName: nextClassId === null ? null : nextById.get(nextClassId)!,
      enrolmentIds: mine.map((e) => e.id),
      childIds: mine.map((e) => e.childId),
    };
  });
}

function summarise(year: number, plan: PlannedMove[]): PromotionSummary {
  const count = (graduating: boolean) =>
    plan.filter((m) => (m.nextClassId === null) === graduating).reduce((n, m) => n + m.enrolmentIds.length, 0);
  return {
    from_fiscal_year: year,
    to_fiscal_year: year + 1,
    classes: plan.map((m) => ({
      class_id: m.classId,
      class_name: m.className,
      next_class_id: m.nextClassId,
      next_class_name: m.nextClassName,
      children_count: m.enrolmentIds.length,
    })),
    moved_count: count(false),
    graduated_count: count(true),
  };
}

/** 進級 as it would be done, nothing written. */
export async function previewPromotion(db: Db, grant: FacilityGrant, input: PromotionInput): Promise<PromotionSummary> {
  return summarise(input.from_fiscal_year, await planPromotion(db, grant, input));
}

/**
 * 進級 in one transaction (staff.md §3): the year is marked promoted first (its unique key refuses a
 * second or concurrent promotion: 409), then each class's children move to its next class (their
 * current enrolment's class changes; the class keeps `next_class_id`), or, for 卒園・退園, their
 * enrolment ends on March 31 of the year. One audit entry per class (with the enrolments it moved)
 * and one `facility.promotion` with the counts. Allowed from April 1 of the next 年度, so that the
 * last year's boards are never shown with next year's classes.
 */
export async function promote(db: Db, staff: StaffViewer, grant: FacilityGrant, input: PromotionInput, now: Date) {
  const year = input.from_fiscal_year;
  if (year >= fiscalYearOf(staff.today)) throw invalid('from_fiscal_year', facilityMessages.promotionTooEarly);
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const plan = await planPromotion(t, grant, input);
    const [marked] = await t
      .insert(facilityPromotions)
      .values({
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        fromFiscalYear: year,
        promotedBy: staff.userId,
        promotedAt: now,
      })
      .onConflictDoNothing({ target: [facilityPromotions.facilityId, facilityPromotions.fromFiscalYear] })
      .returning({ id: facilityPromotions.id });
    if (!marked) throw conflict(facilityMessages.promotionAlreadyDone);
    const lastDay = fiscalYearRange(year).last;
    for (const move of plan) {
      if (move.enrolmentIds.length > 0) {
        await t
          .update(noteChildren)
          .set(move.nextClassId === null ? { leftOn: lastDay } : { classId: move.nextClassId })
          .where(inArray(noteChildren.id, move.enrolmentIds));
      }
      await t.update(classes).set({ nextClassId: move.nextClassId }).where(eq(classes.id, move.classId));
      await recordAudit(t, staff, now, {
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        action: 'class.promotion',
        targetType: 'class',
        targetId: move.classId,
        details: {
          from_fiscal_year: year,
          next_class_id: move.nextClassId,
          next_class_name: move.nextClassName,
          graduated: move.nextClassId === null,
          left_on: move.nextClassId === null ? lastDay : undefined,
          child_ids: move.childIds,
        },
      });
    }
    const summary = summarise(year, plan);
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'facility.promotion',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: {
        from_fiscal_year: year,
        classes: plan.length,
        moved: summary.moved_count,
        graduated: summary.graduated_count,
      },
    });
    return { ...summary, message: facilityMessages.promotionDone };
  });
}
