import {
  bankAccountMessages as A,
  bankAccountTypes,
  toZenginKana,
  type BankAccount,
  type BankAccountInput,
} from '@renraku/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingBankAccounts, childUser, children, facilities, noteChildren, users } from '../../db/schema';
import { seal } from '../../lib/crypto';
import { forbidden, invalid, notFound } from '../../lib/errors';
import {
  activeLinksOf,
  enrolmentCovers,
  mainLinks,
  payerLinks,
  type FacilityGrant,
  type StaffViewer,
  type Viewer,
} from '../access';
import { recordAudit } from '../audit/service';
import { enrolledInMonth, guardianName, monthOf } from './inputs';

type AccountRow = typeof billingBankAccounts.$inferSelect;

/** An account as lists show it: the number masked but its last 3 digits (docs/decisions/billing-bank-accounts.md). */
export const presentAccount = (r: AccountRow): BankAccount => ({
  bank_code: r.bankCode,
  branch_code: r.branchCode,
  account_type: r.accountType as BankAccount['account_type'],
  account_number_masked: `****${r.numberLast3}`,
  holder: r.holder,
  entered_by: r.enteredBy as BankAccount['entered_by'],
  updated_at: r.updatedAt.toISOString(),
  registered_at: r.registeredAt?.toISOString() ?? null,
});

/** Writes (or replaces) a payer's account; the number sealed, the 名義 in its 全銀 form. */
async function saveAccount(
  t: Db,
  secret: string,
  at: { companyId: number; facilityId: number; userId: number },
  body: BankAccountInput,
  by: { userId: number; enteredBy: 'guardian' | 'staff' },
  now: Date,
) {
  const holder = toZenginKana(body.holder);
  if (!holder || !bankAccountTypes.includes(body.account_type)) throw invalid('holder', A.holder);
  const number = body.account_number.padStart(7, '0');
  const values = {
    bankCode: body.bank_code,
    branchCode: body.branch_code,
    accountType: body.account_type,
    numberSealed: seal(secret, number),
    numberLast3: number.slice(-3),
    holder,
    enteredBy: by.enteredBy,
    // A new account is a new 口座振替 registration: its next debit carries 新規コード 1 again.
    firstRequestedAt: null,
    // A changed account is not yet registered at the bank: a new 依頼書 is signed and registered.
    registeredAt: null,
    registeredBy: null,
    updatedBy: by.userId,
    updatedAt: now,
  };
  const [row] = await t
    .insert(billingBankAccounts)
    .values({ ...at, ...values })
    .onConflictDoUpdate({ target: [billingBankAccounts.facilityId, billingBankAccounts.userId], set: values })
    .returning();
  return row!;
}

/** Facilities where the caller has an activated link to a child enrolled today, and whether it is a main link. */
export async function callerFacilities(db: Db, viewer: Viewer) {
  return db
    .select({
      facilityId: facilities.id,
      companyId: facilities.companyId,
      facilityName: facilities.name,
      main: sql<boolean>`bool_or(${mainLinks(childUser)})`,
    })
    .from(childUser)
    .innerJoin(noteChildren, eq(noteChildren.childId, childUser.childId))
    .innerJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .where(and(activeLinksOf(childUser, viewer.userId), enrolmentCovers(noteChildren, viewer.today)))
    .groupBy(facilities.id, facilities.companyId, facilities.name)
    .orderBy(asc(facilities.id));
}

async function accountsOf(db: Db, userIds: number[], facilityId?: number) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(billingBankAccounts)
    .where(
      and(
        inArray(billingBankAccounts.userId, userIds),
        facilityId === undefined ? undefined : eq(billingBankAccounts.facilityId, facilityId),
      ),
    );
}

/** 請求 → 口座振替の口座: the facilities where the caller is a main guardian, each with their account. */
export async function guardianAccounts(db: Db, viewer: Viewer) {
  const mine = (await callerFacilities(db, viewer)).filter((f) => f.main);
  const accounts = await accountsOf(db, [viewer.userId]);
  return mine.map((f) => {
    const row = accounts.find((a) => a.facilityId === f.facilityId);
    return { facility_id: f.facilityId, facility_name: f.facilityName, account: row ? presentAccount(row) : null };
  });
}

/** The main guardian registers their own account; a co-guardian only 403; no child there 404. */
export async function putGuardianAccount(
  db: Db,
  secret: string,
  viewer: Viewer,
  facilityId: number,
  body: BankAccountInput,
  now: Date,
) {
  const at = (await callerFacilities(db, viewer)).find((f) => f.facilityId === facilityId);
  if (!at) throw notFound();
  if (!at.main) throw forbidden(A.notMain);
  const row = await saveAccount(
    db,
    secret,
    { companyId: at.companyId, facilityId, userId: viewer.userId },
    body,
    { userId: viewer.userId, enteredBy: 'guardian' },
    now,
  );
  return { facility_id: facilityId, facility_name: at.facilityName, account: presentAccount(row) };
}

/** The guardians who may pay for the month's children (the kernel's payer links), with their children. */
export async function payers(db: Db, facilityId: number, month: string) {
  const enrolled = await enrolledInMonth(db, facilityId, month);
  if (enrolled.length === 0) return [];
  const links = await db
    .select({ userId: users.id, name: guardianName, childId: childUser.childId, childName: children.firstName })
    .from(childUser)
    .innerJoin(users, eq(users.id, childUser.userId))
    .innerJoin(children, eq(children.id, childUser.childId))
    .where(
      and(
        inArray(
          childUser.childId,
          enrolled.map((c) => c.id),
        ),
        payerLinks(childUser),
      ),
    )
    .orderBy(asc(users.id));
  const byUser = new Map<number, { user_id: number; name: string; children: string[] }>();
  for (const l of links) {
    const p = byUser.get(l.userId) ?? { user_id: l.userId, name: l.name, children: [] };
    p.children.push(enrolled.find((c) => c.id === l.childId)!.name);
    byUser.set(l.userId, p);
  }
  return [...byUser.values()];
}

export async function staffAccounts(db: Db, grant: FacilityGrant, today: string) {
  const list = await payers(db, grant.facilityId, monthOf(today));
  const accounts = await accountsOf(
    db,
    list.map((p) => p.user_id),
    grant.facilityId,
  );
  return list.map((p) => {
    const row = accounts.find((a) => a.userId === p.user_id);
    return { ...p, account: row ? presentAccount(row) : null };
  });
}

/** The 事務 enters a payer's account from the paper form; audited with the number masked. */
export async function putStaffAccount(
  db: Db,
  secret: string,
  staff: StaffViewer,
  grant: FacilityGrant,
  userId: number,
  body: BankAccountInput,
  now: Date,
) {
  const payer = (await payers(db, grant.facilityId, monthOf(staff.today))).find((p) => p.user_id === userId);
  if (!payer) throw invalid('user_id', A.notPayer);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const row = await saveAccount(
      t,
      secret,
      { companyId: grant.companyId, facilityId: grant.facilityId, userId },
      body,
      { userId: staff.userId, enteredBy: 'staff' },
      now,
    );
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'billing.account.update',
      targetType: 'billing_bank_account',
      targetId: row.id,
      details: {
        user_id: userId,
        bank_code: row.bankCode,
        branch_code: row.branchCode,
        account_type: row.accountType,
        account_number: `****${row.numberLast3}`,
        holder: row.holder,
      },
    });
  });
  return (await staffAccounts(db, grant, staff.today)).find((p) => p.user_id === userId)!;
}
