import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Statements of the hot calls, prepared once per database (docs/decisions/database-prepared-statements.md):
 * drizzle builds their SQL once, and PostgreSQL parses each once per pooled connection and soon
 * reuses its plan. Planning was most of PostgreSQL's time on the hot calls, and building the SQL
 * a sixth of the app's. Values go in through `sql.placeholder(name)`.
 *
 * Only for statements outside transactions: a prepared statement runs on the pool, not on a
 * transaction's connection.
 */
export function prepared<Q>(name: string, build: (db: Db, name: string) => Q): (db: Db) => Q {
  const byDatabase = new WeakMap<Db, Q>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db, name);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** A prepared hand-written statement: `.rows(values)` answers its rows. */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return prepared(name, (db) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      rows: async (values: Record<string, unknown>): Promise<Row[]> => ((await prepared.execute(values)) as { rows: Row[] }).rows,
    };
  });
}
