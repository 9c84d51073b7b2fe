import type { StaffRole } from '@renraku/contract';
import type { Db } from '../../src/db/client';
import { eq } from 'drizzle-orm';
import { noteChildren, staffMembershipClasses, staffMemberships, staffPins } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { buildChild, buildFamily, buildUser, facilityOf } from './core';
import { buildClass } from './planning';

/** The staff side's people (staff.md §1): memberships with role, facility, classes and period. */
export async function buildStaff(
  db: Db,
  input: {
    role?: StaffRole;
    facilityId?: number;
    classIds?: number[];
    validFrom?: string;
    validUntil?: string | null;
    name?: string;
    pin?: string;
  } = {},
) {
  const facility = await facilityOf(db, input.facilityId);
  const role = input.role ?? 'director';
  const user = await buildUser(db, { name: input.name ?? `職員 ${role}` });
  const [membership] = await db
    .insert(staffMemberships)
    .values({
      companyId: facility.companyId,
      facilityId: role === 'company_admin' ? null : facility.id,
      userId: user.id,
      role,
      validFrom: input.validFrom ?? '2020-04-01',
      validUntil: input.validUntil ?? null,
    })
    .returning();
  if (input.classIds?.length) {
    await db.insert(staffMembershipClasses).values(input.classIds.map((classId) => ({ membershipId: membership!.id, classId })));
  }
  if (input.pin) await db.insert(staffPins).values({ userId: user.id, pinHash: await hashPassword(input.pin) });
  return { user, membership: membership!, facilityId: facility.id, companyId: facility.companyId };
}

/**
 * Every caller of staff.md §7 around one facility with two classes and a child in class A: company
 * admin, director, office, class staff of class A and of class B, staff of another facility (a
 * director there), an ended membership (a former director), and a guardian of the child.
 */
export async function buildStaffWorld(db: Db) {
  const family = await buildFamily(db);
  const { facilityId, companyId } = family;
  const [classA, classB] = [
    await buildClass(db, { facilityId, name: 'ひよこ組' }),
    await buildClass(db, { facilityId, name: 'りす組' }),
  ];
  await db.update(noteChildren).set({ classId: classA.id }).where(eq(noteChildren.id, family.noteChild.id));
  const otherFacility = await buildChild(db);
  const staff = {
    companyAdmin: await buildStaff(db, { role: 'company_admin', facilityId }),
    director: await buildStaff(db, { role: 'director', facilityId }),
    office: await buildStaff(db, { role: 'office', facilityId }),
    classStaffA: await buildStaff(db, { role: 'class_staff', facilityId, classIds: [classA.id] }),
    classStaffB: await buildStaff(db, { role: 'class_staff', facilityId, classIds: [classB.id] }),
    otherFacility: await buildStaff(db, { role: 'director', facilityId: otherFacility.facilityId }),
    /** Current when built; `staffAgents()` ends it after signing in. */
    ended: await buildStaff(db, { role: 'director', facilityId }),
  };
  return { family, facilityId, companyId, classA, classB, otherFacility, staff };
}
