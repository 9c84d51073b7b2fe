import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/*
 * Independent reads at once on the pool (each takes its own connection), one after the other in a
 * transaction: a transaction has one connection, where pg queues a second query with a deprecation
 * warning (pg@9 refuses it). The demo seed and 確定 call area loaders inside their transaction.
 */

const inTransaction = (db: Db) => db instanceof PgTransaction;

/** The reads' results, in order: `Promise.all` outside a transaction. */
export async function readTogether<T extends readonly unknown[]>(
  db: Db,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!inTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** One read per item, their results in the items' order: at once outside a transaction. */
export async function readEach<I, R>(db: Db, items: readonly I[], read: (item: I) => PromiseLike<R>): Promise<R[]> {
  if (!inTransaction(db)) return Promise.all(items.map(read));
  const results: R[] = [];
  for (const item of items) results.push(await read(item));
  return results;
}
