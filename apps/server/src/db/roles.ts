/**
 * The two database roles of a PostgreSQL installation (docs/decisions/database-roles.md): the
 * owner role runs the migrations and owns every table; the app's role (DATABASE_URL) reads and
 * writes rows, and on the audit log only reads and appends. Not owning the table, it cannot
 * disable the append-only triggers, alter, truncate or drop it.
 */

/** Tables the app may only read and append to (staff.md §2). */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** Serialises the grants of app instances that start together ("tuple concurrently updated"). */
const GRANT_LOCK = 5031;

export interface SqlRunner {
  query: (sql: string, values?: unknown[]) => PromiseLike<unknown>;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The statements that give `appRole` its rights, run as the owner after each migration. */
export function appRoleGrants(appRole: string): string[] {
  const app = quoteIdent(appRole);
  return [
    `grant usage on schema public to ${app}`,
    `grant select, insert, update, delete on all tables in schema public to ${app}`,
    `grant usage, select on all sequences in schema public to ${app}`,
    // Tables and sequences the owner creates later (the next migrations) come with the same rights.
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${app}`,
    `alter default privileges in schema public grant usage, select on sequences to ${app}`,
    ...APPEND_ONLY_TABLES.flatMap((table) => [
      `revoke all on ${quoteIdent(table)} from ${app}`,
      `grant select, insert on ${quoteIdent(table)} to ${app}`,
    ]),
  ];
}

/** Gives the app's role its rights; the owner's own connection, in one transaction. */
export async function grantAppRole(owner: SqlRunner, appRole: string): Promise<void> {
  await owner.query('begin');
  try {
    await owner.query('select pg_advisory_xact_lock($1)', [GRANT_LOCK]);
    for (const statement of appRoleGrants(appRole)) await owner.query(statement);
    await owner.query('commit');
  } catch (error) {
    await owner.query('rollback');
    throw error;
  }
}

/**
 * What the connected role may still do to the append-only tables beyond SELECT and INSERT: empty
 * when the roles are set up as documented. Owners and superusers may do everything.
 */
export async function appendOnlyViolations(app: SqlRunner): Promise<string[]> {
  const tables = `array[${APPEND_ONLY_TABLES.map((t) => `'${t}'`).join(', ')}]`;
  const { rows } = (await app.query(
    `select t.name, p.privilege
       from unnest(${tables}) t(name)
       cross join unnest(array['UPDATE', 'DELETE', 'TRUNCATE']) p(privilege)
      where has_table_privilege(current_user, t.name, p.privilege)
     union all
     select t.name, 'OWNER' from unnest(${tables}) t(name)
      where pg_has_role(current_user, (select relowner from pg_class where oid = t.name::regclass), 'USAGE')`,
  )) as { rows: { name: string; privilege: string }[] };
  return rows.map((r) => `${r.name}: ${r.privilege}`);
}
