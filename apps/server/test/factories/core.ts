import type { Db } from '../../src/db/client';
import { childUser, children, companies, facilities, noteChildren, users } from '../../src/db/schema';
import { randomToken } from '../../src/lib/crypto';
import { hashPassword } from '../../src/lib/passwords';

/** The organisation and its people: companies, facilities, guardians, children and their links. */
export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
export const next = () => ++sequence;

export async function buildCompany(db: Db, name = `会社${next()}`) {
  const [row] = await db.insert(companies).values({ name }).returning();
  return row!;
}

export async function buildFacility(db: Db, input: { companyId?: number; name?: string } = {}) {
  const companyId = input.companyId ?? (await buildCompany(db)).id;
  const [row] = await db
    .insert(facilities)
    .values({ companyId, name: input.name ?? `施設${next()}` })
    .returning();
  return row!;
}

/** The facility given (with its company), else a new one in a new company. */
export async function facilityOf(db: Db, facilityId: number | undefined): Promise<{ id: number; companyId: number }> {
  if (facilityId === undefined) return buildFacility(db);
  const row = await db.query.facilities.findFirst({ where: (f, { eq }) => eq(f.id, facilityId) });
  if (!row) throw new Error(`no facility ${facilityId}`);
  return row;
}

export async function buildUser(db: Db, input: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `user${next()}-${randomToken(4)}@example.com`,
      passwordHash: await passwordHash,
      name: 'テスト 保護者',
      agreedAt: new Date(),
      ...input,
    })
    .returning();
  return row!;
}

/** A child enrolled at the facility (a new facility and company when none is given). */
export async function buildChild(
  db: Db,
  input: { facilityId?: number; admittedOn?: string; leftOn?: string | null; firstName?: string } = {},
) {
  const facility = await facilityOf(db, input.facilityId);
  const [child] = await db
    .insert(children)
    .values({
      companyId: facility.companyId,
      lastName: '試験',
      firstName: input.firstName ?? `子${next()}`,
      lastNameKana: 'しけん',
      firstNameKana: 'こ',
      birth: '2022-04-01',
      qrToken: randomToken(24),
    })
    .returning();
  const [noteChild] = await db
    .insert(noteChildren)
    .values({
      companyId: facility.companyId,
      childId: child!.id,
      facilityId: facility.id,
      admittedOn: input.admittedOn ?? '2020-04-01',
      leftOn: input.leftOn ?? null,
    })
    .returning();
  return { child: child!, noteChild: noteChild!, facilityId: facility.id, companyId: facility.companyId };
}

export async function linkGuardian(
  db: Db,
  childId: number,
  userId: number,
  pivot: { main?: boolean; writable?: boolean; activated?: boolean | null; type?: number; sortOrder?: number } = {},
) {
  const child = await db.query.children.findFirst({ where: (c, { eq }) => eq(c.id, childId) });
  await db.insert(childUser).values({
    childId,
    userId,
    companyId: child!.companyId,
    main: pivot.main ?? false,
    writable: pivot.writable ?? true,
    activated: pivot.activated === undefined ? true : pivot.activated,
    type: pivot.type ?? 0,
    sortOrder: pivot.sortOrder ?? 0,
  });
}

/**
 * The five viewers every call's permission tests use: a child with a main guardian, a writable
 * and a read-only co-guardian, an unrelated guardian (with a child of their own elsewhere).
 */
export async function buildFamily(db: Db) {
  const { child, noteChild, facilityId, companyId } = await buildChild(db);
  const [main, writable, readOnly, unrelated] = await Promise.all([buildUser(db), buildUser(db), buildUser(db), buildUser(db)]);
  await linkGuardian(db, child.id, main.id, { main: true, writable: true });
  await linkGuardian(db, child.id, writable.id, { writable: true });
  await linkGuardian(db, child.id, readOnly.id, { writable: false });
  const other = await buildChild(db);
  await linkGuardian(db, other.child.id, unrelated.id, { main: true });
  return { child, noteChild, facilityId, companyId, main, writable, readOnly, unrelated, otherChild: other.child };
}
