import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';

/**
 * Whether `db` is a transaction: the kernel's checks run there lock the rows they rest on (a staff
 * membership, a guardian's link) FOR SHARE until it ends, so that ending the membership or revoking
 * the link waits for the write, or the write's check waits and sees it gone. Outside a transaction a
 * lock would end at once (and cost a write per row read), so plain reads take none.
 */
export const inTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * A write and its check in one transaction (DESIGN §3.2, docs/decisions/access-check-in-transaction.md):
 * `check` (a kernel authorize… given the transaction) runs first, then `write` with what it granted.
 * A write that opens its own transaction inside runs as a savepoint of this one.
 */
export function checkedWrite<G, T>(
  ctx: AppContext,
  check: (db: Db) => Promise<G>,
  write: (db: Db, granted: G) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    return write(db, await check(db));
  });
}
