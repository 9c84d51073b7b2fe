import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClassYoroku } from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, noteChildren, recordYorokuFocuses, users } from '../../db/schema';
import { childName } from '../../lib/child-names';
import { enrolmentDuring, grantHolds, type StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { RecordGrant } from './access';
import { namesOf, summaryOf } from './present';
import { isFinalYear, latestYorokus, yorokuPeriod } from './yoroku-open';

/** The 要録 approvers: the 園長 and 法人管理者 on a desktop (not the 主任; records-yoroku.md). */
export const mayApproveYoroku = (access: RecordGrant) => access.canApprove && grantHolds(access.grant, 'records.approve-yoroku');

/** The class's 最終年度の重点 as the screens show it (blank until written). */
export async function classFocus(db: Db, classId: number): Promise<ClassYoroku['focus']> {
  const [row] = await db
    .select({
      text: recordYorokuFocuses.text,
      at: recordYorokuFocuses.updatedAt,
      by: sql<string | null>`coalesce(${users.name}, ${users.email})`,
    })
    .from(recordYorokuFocuses)
    .leftJoin(users, eq(users.id, recordYorokuFocuses.updatedBy))
    .where(eq(recordYorokuFocuses.classId, classId));
  return row
    ? { text: row.text, updated_at: row.at.toISOString(), updated_by: row.by }
    : { text: '', updated_at: null, updated_by: null };
}

/** The class's children of the final year enrolled during the 年度, by name. */
export async function finalYearChildren(db: Db, classId: number, year: number) {
  const period = yorokuPeriod(year);
  const rows = await db
    .select({ id: children.id, name: childName, birth: children.birth, leftOn: noteChildren.leftOn })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(and(eq(noteChildren.classId, classId), enrolmentDuring(noteChildren, period.start, period.end)))
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
  return rows.filter((r) => isFinalYear(r.birth, year));
}

/** A class's 要録 of a 年度 (records.md §5): the 重点 and each final-year child's latest 要録. */
export async function classYoroku(db: Db, staff: StaffViewer, access: RecordGrant, year: number): Promise<ClassYoroku> {
  const kids = await finalYearChildren(db, access.klass.id, year);
  const docs = await latestYorokus(
    db,
    kids.map((k) => k.id),
    year,
  );
  const names = await namesOf(db, [...new Set(docs.flatMap((d) => (d.approvedBy ? [d.approvedBy] : [])))]);
  const byChild = new Map(docs.map((d) => [d.childId, d]));
  return {
    class: { id: access.klass.id, name: access.klass.name },
    fiscal_year: year,
    focus: await classFocus(db, access.klass.id),
    can_write: access.canWrite,
    can_approve: mayApproveYoroku(access),
    children: kids.map((k) => {
      const doc = byChild.get(k.id);
      return {
        id: k.id,
        name: k.name,
        left: k.leftOn !== null && k.leftOn < staff.today,
        document: doc ? summaryOf(doc, names) : null,
      };
    }),
  };
}

/** Writes the class's 最終年度の重点 (the class's writers), one row per class, audited. */
export async function writeClassFocus(db: Db, staff: StaffViewer, access: RecordGrant, text: string, now: Date) {
  const { klass, grant } = access;
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const values = { text, updatedBy: staff.userId, updatedAt: now };
    await t
      .insert(recordYorokuFocuses)
      .values({ classId: klass.id, companyId: klass.companyId, ...values })
      .onConflictDoUpdate({ target: recordYorokuFocuses.classId, set: values });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'record.yoroku_focus',
      targetType: 'class',
      targetId: klass.id,
      details: { length: text.length },
    });
  });
}
