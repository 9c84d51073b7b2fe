import type { BillingStatement, BillingStatementSummary } from '@renraku/contract';
import { and, desc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingStatements, childUser, facilities } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { payerLinks, type Viewer } from '../access';
import { presentStatement } from './present';

/**
 * The statements a guardian sees (spec §3, §6): issued ones with a child the caller is a payer of
 * (the kernel's `payerLinks`: activated, main or writable). A read-only co-guardian sees none: the
 * amounts and the payer are the paying guardians' business (docs/decisions/billing-guardian-visibility.md).
 */
export const visibleTo = (userId: number) =>
  exists(
    sql`(select 1 from ${childUser} where ${childUser.userId} = ${userId} and ${payerLinks(childUser)}
      and ${childUser.childId} = any(${billingStatements.childIds}))`,
  );

export async function guardianStatements(db: Db, viewer: Viewer): Promise<BillingStatementSummary[]> {
  const rows = await db
    .select({ s: billingStatements, facilityName: facilities.name })
    .from(billingStatements)
    .innerJoin(facilities, eq(facilities.id, billingStatements.facilityId))
    .where(visibleTo(viewer.userId))
    .orderBy(desc(billingStatements.month), desc(billingStatements.id));
  return rows.map(({ s, facilityName }) => {
    const { lines: _lines, ...summary } = presentStatement(s, facilityName);
    return summary;
  });
}

export async function guardianStatement(db: Db, viewer: Viewer, id: number): Promise<BillingStatement> {
  const [row] = await db
    .select({ s: billingStatements, facilityName: facilities.name })
    .from(billingStatements)
    .innerJoin(facilities, eq(facilities.id, billingStatements.facilityId))
    .where(and(eq(billingStatements.id, id), visibleTo(viewer.userId)));
  if (!row) throw notFound();
  return presentStatement(row.s, row.facilityName);
}
