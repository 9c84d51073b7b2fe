import { and, asc, eq, inArray } from 'drizzle-orm';
import * as Y from 'yjs';
import type { YorokuAdmissionKey } from '@renraku/contract';
import type { Db } from '../../db/client';
import { childUser, facilities, staffMembershipClasses, staffMemberships, users } from '../../db/schema';
import { membershipCovers } from '../access';
import type { ChildRecordGrant } from './child-access';

/** 2020-05-10 → 2020年5月10日 (the 様式's dates, no weekday). */
export const yorokuDate = (date: string) =>
  `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

const nameOf = (u: { name: string | null; email: string }) => u.name ?? u.email;

/**
 * The 入所に関する記録 as the roster knows it when the 要録 is made (records.md §5;
 * docs/decisions/records-yoroku.md): the child, the main guardian, the 保育期間 (卒所 the day the
 * child leaves, else the 年度's last day), the facility and its address, the 園長 and the class's
 * 保育士 of the day. What the roster does not hold (現住所, 就学先) starts blank for the staff to fill.
 */
export async function admissionFromRoster(
  db: Db,
  access: ChildRecordGrant,
  year: number,
  today: string,
): Promise<Record<YorokuAdmissionKey, string>> {
  const { child, enrolment, klass } = access;
  const [facility] = await db
    .select({ name: facilities.name, address: facilities.address })
    .from(facilities)
    .where(eq(facilities.id, enrolment.facilityId));
  const guardians = await db
    .select({ name: users.name, email: users.email })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, child.id), eq(childUser.activated, true)))
    .orderBy(asc(childUser.sortOrder))
    .limit(5);
  const [main] = await db
    .select({ name: users.name, email: users.email })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .where(and(eq(childUser.childId, child.id), eq(childUser.main, true)))
    .limit(1);
  const directors = await db
    .select({ name: users.name, email: users.email })
    .from(staffMemberships)
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .where(
      and(
        eq(staffMemberships.facilityId, enrolment.facilityId),
        eq(staffMemberships.role, 'director'),
        membershipCovers(staffMemberships, today),
      ),
    )
    .orderBy(asc(staffMemberships.id))
    .limit(1);
  const teachers = await db
    .select({ name: users.name, email: users.email })
    .from(staffMembershipClasses)
    .innerJoin(staffMemberships, eq(staffMemberships.id, staffMembershipClasses.membershipId))
    .innerJoin(users, eq(users.id, staffMemberships.userId))
    .where(
      and(
        eq(staffMembershipClasses.classId, klass.id),
        inArray(staffMemberships.role, ['class_staff']),
        membershipCovers(staffMemberships, today),
      ),
    )
    .orderBy(asc(staffMemberships.id));
  const guardian = main ?? guardians[0];
  return {
    child_name: `${child.lastName} ${child.firstName}`,
    child_kana: `${child.lastNameKana} ${child.firstNameKana}`,
    child_sex: child.sex === 2 ? '女' : child.sex === 1 ? '男' : '',
    child_birth: yorokuDate(child.birth),
    child_address: '',
    guardian_name: guardian ? nameOf(guardian) : '',
    guardian_address: '',
    admitted_on: yorokuDate(enrolment.admittedOn),
    graduated_on: yorokuDate(enrolment.leftOn ?? `${year + 1}-03-31`),
    school: '',
    facility: [facility?.name, facility?.address].filter(Boolean).join('　'),
    director_name: directors[0] ? nameOf(directors[0]) : '',
    teacher_name: [...new Set(teachers.map(nameOf))].join('、'),
  };
}

/** The first state of a new 要録: the 入所に関する記録's short texts (the editor's Y.Text names). */
export function admissionState(fields: Record<string, string>): Uint8Array {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const [key, value] of Object.entries(fields)) if (value) doc.getText(key).insert(0, value);
  });
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}
