import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { AuditChild, AuditPerson } from '@renraku/contract';
import type { Db } from '../../db/client';
import { children, noteChildren, staffMemberships, users } from '../../db/schema';
import { childName, childKana } from '../../lib/child-names';
import { enrolmentCovers, type FacilityGrant } from '../access';

/**
 * What the audit screen's filters offer (issue 29): every person who ever held a membership of the
 * facility, or of its company as company admin, past ones included (an ended member's reads stay
 * in the log), and every child ever enrolled at it, by name and kana. Two statements.
 */
export async function auditSubjects(db: Db, grant: FacilityGrant, today: string) {
  const [people, kids] = await Promise.all([auditPeople(db, grant, today), auditChildren(db, grant.facilityId, today)]);
  return { people, children: kids };
}

async function auditPeople(db: Db, grant: FacilityGrant, today: string): Promise<AuditPerson[]> {
  const covers = and(
    lte(staffMemberships.validFrom, today),
    or(isNull(staffMemberships.validUntil), gte(staffMemberships.validUntil, today)),
  );
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.name}, ${users.email})`,
      current: sql<boolean>`bool_or(${covers})`,
    })
    .from(staffMemberships)
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .where(
      or(
        eq(staffMemberships.facilityId, grant.facilityId),
        and(isNull(staffMemberships.facilityId), eq(staffMemberships.companyId, grant.companyId)),
      ),
    )
    .groupBy(users.id);
  return rows
    .map((r) => ({ id: r.id, name: r.name, current: Boolean(r.current) }))
    .sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name, 'ja') || a.id - b.id);
}

async function auditChildren(db: Db, facilityId: number, today: string): Promise<AuditChild[]> {
  const enrolled = enrolmentCovers(noteChildren, today);
  const rows = await db
    .select({
      id: children.id,
      name: childName,
      kana: childKana,
      current: sql<boolean>`bool_or(${enrolled})`,
    })
    .from(noteChildren)
    .innerJoin(children, eq(children.id, noteChildren.childId))
    .where(eq(noteChildren.facilityId, facilityId))
    .groupBy(children.id)
    .orderBy(asc(children.lastNameKana), asc(children.firstNameKana), asc(children.id));
  return rows.map((r) => ({ id: r.id, name: r.name, kana: r.kana, current: Boolean(r.current) }));
}
