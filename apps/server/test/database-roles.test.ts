import { describe, expect, it } from 'vitest';
import { count, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { putStaffPin } from '@renraku/contract';
import { auditLog } from '../src/db/schema';
import { appendOnlyViolations } from '../src/db/roles';
import { buildStaff } from './factories';
import { call, setupApp } from './harness';

/**
 * The app's database role (docs/decisions/database-roles.md): on PostgreSQL every API test runs as
 * the restricted role the harness connects with, and here that role is tried on the audit log.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t = setupApp();
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

const rowsOf = async <T>(statement: SQL) => ((await t.db.execute(statement)) as unknown as { rows: T[] }).rows;

/** The message a statement fails with, or 'done' when the database let it through. */
const outcome = (statement: SQL) =>
  t.db.execute(statement).then(
    () => 'done',
    (error: Error & { cause?: Error }) => (error.cause ?? error).message,
  );

/** A connection as the owner role (TEST_DATABASE_URL's) to this test file's database. */
async function asOwner<T>(work: (owner: pg.Client) => Promise<T>): Promise<T> {
  const [row] = await rowsOf<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  try {
    return await work(owner);
  } finally {
    await owner.end();
  }
}

describe.skipIf(!onPostgres)(
  'the app’s database role on PostgreSQL (PGlite has one role: the embedded mode keeps the triggers alone)',
  () => {
    it('cannot delete, update, truncate, alter or disable the triggers of the audit log', async () => {
      const { user } = await buildStaff(t.db);
      await call(await t.signInStaff(user), putStaffPin, { body: { pin: '1234' } });
      const before = await auditCount();
      expect(before).toBeGreaterThan(0);

      const denied = /^permission denied for table audit_log$|^must be owner of (table|relation) audit_log$/;
      expect(await outcome(sql`delete from audit_log`)).toMatch(denied);
      expect(await outcome(sql`update audit_log set action = 'x'`)).toMatch(denied);
      expect(await outcome(sql`truncate audit_log`)).toMatch(denied);
      expect(await outcome(sql`alter table audit_log disable trigger all`)).toMatch(denied);
      expect(await outcome(sql`alter table audit_log disable trigger audit_log_no_update_delete`)).toMatch(denied);
      expect(await outcome(sql`drop trigger audit_log_no_update_delete on audit_log`)).toMatch(denied);
      expect(await outcome(sql`drop table audit_log`)).toMatch(denied);
      // Triggers off for the session: superusers only.
      expect(await outcome(sql`set session_replication_role = replica`)).toMatch(/permission denied/);
      expect(await appendOnlyViolations({ query: (text) => t.db.execute(sql.raw(text)) })).toEqual([]);

      expect(await auditCount()).toBe(before);
      const [triggers] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from pg_trigger where tgrelid = 'audit_log'::regclass and not tgisinternal and tgenabled = 'O'`,
      );
      expect(triggers!.n).toBe(2);
    });

    it('reads and appends to the audit log, and reads and writes the other tables', async () => {
      expect(await outcome(sql`select id from audit_log limit 1`)).toBe('done');
      expect(await outcome(sql`update users set name = name where false`)).toBe('done');
      expect(await outcome(sql`delete from sessions where false`)).toBe('done');
    });

    it('gets the same rights on a table a later migration creates (default privileges of the owner)', async () => {
      await asOwner((owner) => owner.query('create table later_table (id int generated always as identity, v text)'));
      expect(await outcome(sql`insert into later_table (v) values ('a')`)).toBe('done');
      expect(await outcome(sql`delete from later_table`)).toBe('done');
      expect(await outcome(sql`alter table later_table add column w text`)).toMatch(/must be owner/);
    });

    it('leaves the owner bound by the append-only triggers', async () => {
      const refusals = await asOwner(async (owner) => {
        const attempt = (text: string) =>
          owner.query(text).then(
            () => 'done',
            (error: Error) => error.message,
          );
        return [
          await attempt('delete from audit_log'),
          await attempt('update audit_log set ip = null'),
          await attempt('truncate audit_log'),
        ];
      });
      expect(refusals).toEqual(Array(3).fill('audit_log is append-only'));
    });

    it('is not the owner role: the migrations ran as another', async () => {
      const [row] = await rowsOf<{ app: string; owner: string }>(
        sql`select current_user as app, pg_get_userbyid(relowner) as owner from pg_class where oid = 'audit_log'::regclass`,
      );
      expect(row!.app).not.toBe(row!.owner);
    });
  },
);
