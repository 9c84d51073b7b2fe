import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingBankAccounts, billingPayments, billingStatements } from '../../db/schema';

/**
 * Statements with what has been paid on them and the payer's 口座振替 account (its last digits and
 * 名義), for the collection screen and the 振込 matching: add `.where(…)` and `.orderBy(…)`.
 */
export const statementsWithBalance = (db: Db) =>
  db
    .select({
      s: billingStatements,
      paid: sql<number>`(select coalesce(sum(${billingPayments.amount}), 0)::int from ${billingPayments}
        where ${billingPayments.statementId} = ${billingStatements.id})`,
      last3: billingBankAccounts.numberLast3,
      holder: billingBankAccounts.holder,
    })
    .from(billingStatements)
    .leftJoin(
      billingBankAccounts,
      and(
        eq(billingBankAccounts.facilityId, billingStatements.facilityId),
        eq(billingBankAccounts.userId, billingStatements.payerUserId),
      ),
    );
