import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  getChildren,
  getChildrenContent,
  getChildSchedules,
  getFamiliesInformation,
  getLoginCheck,
  getNotices,
} from '@renraku/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { tokyoDate } from '@renraku/contract';
import { randomToken, sha256 } from '../src/lib/crypto';
import { generateDataset, growTenfold } from '../bench/dataset';
import { urlOf } from './harness';
import { createTestDatabase } from './helpers';

/**
 * Every hot call uses indexes only (issue 9): the statements each call sends are captured and
 * EXPLAINed with sequential scans disabled, on the bench dataset at a small scale (300 children,
 * ~19k daily notes). With `enable_seqscan = off` the planner still picks a Seq Scan when no index
 * can serve the statement, so a Seq Scan of a big table in the plan is a missing index whatever
 * the table sizes of this test. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const BIG_TABLES = [
  'daily_notes',
  'notice_targets',
  'notices',
  'child_user',
  'schedules',
  'family_information',
  'sessions',
  'users',
  'note_children',
  'children',
  'feed_files',
  'class_broadcasts',
  'growths',
  'events',
  'child_attendances',
];

interface Captured {
  sql: string;
  params: unknown[];
}

interface Client {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

let database: Database;
let client: Client;
let app: FastifyInstance;
let captured: Captured[] = [];
let dataDir: string;
const cookies: Record<string, string> = {};
let childIds: number[] = [];

/** A Drizzle database over the same client whose logger records every statement. */
async function capturingDb(base: Database): Promise<Db> {
  const raw = (base.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
  if (base.kind === 'pglite') {
    const { drizzle } = await import('drizzle-orm/pglite');
    return drizzle(raw as never, { schema, casing: 'snake_case', logger }) as unknown as Db;
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return drizzle(raw as never, { schema, casing: 'snake_case', logger }) as unknown as Db;
}

beforeAll(async () => {
  database = await createTestDatabase({ as: 'owner' });
  client = (database.db as unknown as { $client: Client }).$client;
  await generateDataset(database.db, { scale: 0.01, today: tokyoDate(new Date()) });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-plans-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
  });
  app = await buildApp(config, { database: { ...database, db: await capturingDb(database) } });
  await app.ready();
  // User 10 is the main guardian of children 10 and 9 (siblings), the dataset's shape.
  const token = randomToken();
  await client.query(
    `insert into sessions (id, user_id, remember, expires_at) values ($1, 10, true, now() + interval '30 days')`,
    [sha256(token)],
  );
  cookies.renraku_session = token;
  childIds = [10, 9];
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function statementsOf(url: string): Promise<Captured[]> {
  captured = [];
  const res = await app.inject({ method: 'GET', url, cookies });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return captured;
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * Tables read whole: a Seq Scan, or (sequential scans being disabled) an index scan without an
 * index condition, which walks the whole index just as well.
 */
function seqScans(node: PlanNode, found: string[] = []): string[] {
  const whole = node['Node Type'] === 'Seq Scan' || (/^Index (Only )?Scan/.test(node['Node Type']) && !node['Index Cond']);
  if (whole && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** Runs `work` on one connection (session settings must apply to the statements that follow them). */
async function onOneConnection<T>(work: (c: Client) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work(client);
  const pool = client as unknown as { connect: () => Promise<Client & { release: () => void }> };
  const connection = await pool.connect();
  try {
    return await work(connection);
  } finally {
    connection.release();
  }
}

/** The plan of an EXPLAIN (FORMAT JSON) answer (PGlite answers it parsed, node-postgres as text). */
function planOf(rows: Record<string, unknown>[]): PlanNode {
  const value = Object.values(rows[0]!)[0];
  return ((typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[])[0]!.Plan;
}

/** EXPLAIN (FORMAT JSON) with sequential scans disabled, on one connection. */
function explain(statement: Captured): Promise<PlanNode> {
  return onOneConnection(async (c) => {
    await c.query('set enable_seqscan = off');
    try {
      return planOf((await c.query(`explain (format json) ${statement.sql}`, statement.params)).rows);
    } finally {
      await c.query('reset enable_seqscan');
    }
  });
}

/** A value as a SQL literal, for EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `'{${value.map(String).join(',')}}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The plan the app runs: the hot statements are prepared (docs/decisions/database-prepared-statements.md) and
 * PostgreSQL soon keeps their generic plan, estimated without the values. PREPARE + EXPLAIN EXECUTE
 * with that plan forced, sequential scans disabled.
 */
function explainGeneric(statement: Captured, name: string, analyze = false): Promise<PlanNode> {
  return onOneConnection(async (c) => {
    await c.query('set enable_seqscan = off');
    await c.query('set plan_cache_mode = force_generic_plan');
    let prepared = false;
    try {
      await c.query(`prepare ${name} as ${statement.sql}`);
      prepared = true;
      const args = statement.params.length ? `(${statement.params.map(literal).join(', ')})` : '';
      return planOf((await c.query(`explain (${analyze ? 'analyze, ' : ''}format json) execute ${name}${args}`)).rows);
    } finally {
      if (prepared) await c.query(`deallocate ${name}`);
      await c.query('reset plan_cache_mode');
      await c.query('reset enable_seqscan');
    }
  });
}

/** Rows each table gave the plan (returned or filtered away, times the loops): what a call reads. */
function rowsRead(node: PlanNode, read: Record<string, number> = {}): Record<string, number> {
  const table = node['Relation Name'];
  if (table) {
    const perLoop =
      (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    read[table] = (read[table] ?? 0) + perLoop * (node['Actual Loops'] ?? 1);
  }
  for (const child of node.Plans ?? []) rowsRead(child, read);
  return read;
}

/** Rows read from the big tables by a call's statements, in the generic plans, as executed. */
async function rowsReadBy(url: string): Promise<Record<string, number>> {
  const read: Record<string, number> = {};
  for (const [i, statement] of (await statementsOf(url)).entries()) {
    for (const [table, rows] of Object.entries(rowsRead(await explainGeneric(statement, `rows_check_${i}`, true))))
      if (BIG_TABLES.includes(table)) read[table] = (read[table] ?? 0) + rows;
  }
  return read;
}

/** The hot calls' URLs, built from the contract once the dataset is seeded (this file injects them on its own capturing app). */
const hotCalls = () => ({
  'GET /api/login/check': () => urlOf(getLoginCheck),
  'GET /api/children/content': () => urlOf(getChildrenContent, {}, { children: childIds }),
  'GET /api/children': () => urlOf(getChildren),
  'GET /api/notices': () => urlOf(getNotices),
  'GET /api/children/{id}/schedules?month=1': () => urlOf(getChildSchedules, { id: childIds[0] }, { month: '1' }),
  'GET /api/families/information': () => urlOf(getFamiliesInformation),
});

/** Every scan node of a plan with its table. */
function scansOf(node: PlanNode, found: { type: string; table?: string; index?: string }[] = []) {
  if (node['Relation Name']) found.push({ type: node['Node Type'], table: node['Relation Name'], index: node['Index Name'] });
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

describe('query plans of the hot calls', () => {
  it('seeds the bench dataset', async () => {
    const { rows } = await client.query('select count(*)::int as n from daily_notes');
    expect(Number(rows[0]!.n)).toBeGreaterThan(15_000);
  });

  it('the check sees a statement no index serves', async () => {
    const plan = await explain({ sql: 'select id from daily_notes where employee_name = $1', params: ['山田 花子'] });
    expect(seqScans(plan)).toEqual(['daily_notes']);
    const generic = await explainGeneric(
      { sql: 'select id from daily_notes where employee_name = $1', params: ['山田 花子'] },
      'plan_check_sanity',
    );
    expect(seqScans(generic)).toEqual(['daily_notes']);
  });

  it('the schedules month reads its rows from the covering index alone (migration 0008)', async () => {
    const statements = await statementsOf(hotCalls()['GET /api/children/{id}/schedules?month=1']());
    expect(statements).toHaveLength(1);
    const scans = scansOf(await explainGeneric(statements[0]!, 'plan_check_covering')).filter((s) => s.table === 'schedules');
    expect(scans).toEqual([{ type: 'Index Only Scan', table: 'schedules', index: 'schedules_note_child_date_idx' }]);
  });

  for (const name of Object.keys(hotCalls())) {
    it(`${name}: no sequential scan of a big table`, async () => {
      const statements = await statementsOf(hotCalls()[name as keyof ReturnType<typeof hotCalls>]());
      expect(statements.length).toBeGreaterThan(0);
      const offending: string[] = [];
      for (const statement of statements) {
        if (!/^\s*(select|with|update|delete|insert)/i.test(statement.sql)) continue;
        const scans = seqScans(await explain(statement)).filter((table) => BIG_TABLES.includes(table));
        if (scans.length) offending.push(`Seq Scan on ${scans.join(', ')} in: ${statement.sql}`);
      }
      expect(offending).toEqual([]);
    });

    it(`${name}: no sequential scan of a big table in the generic plans the app keeps`, async () => {
      const statements = await statementsOf(hotCalls()[name as keyof ReturnType<typeof hotCalls>]());
      const offending: string[] = [];
      for (const [i, statement] of statements.entries()) {
        if (!/^\s*(select|with)/i.test(statement.sql)) continue;
        const scans = seqScans(await explainGeneric(statement, `plan_check_${i}`)).filter((table) => BIG_TABLES.includes(table));
        if (scans.length) offending.push(`Seq Scan on ${scans.join(', ')} in: ${statement.sql}`);
      }
      expect(offending).toEqual([]);
    });
  }
});

/**
 * The "≤ 1.3× cost at 10× data", as rows instead of seconds: the facility of the test's
 * guardian gets ten times the daily-note history and the notices (the bench's 10× step), and no
 * hot call may read more rows of any big table than 1.3× what it read before (+2 for a boundary
 * row). Catches what the sequential-scan checks cannot: a generic plan that walks an index over
 * the whole history, as the notices page once did (every notice of the facility per target).
 * Last in this file: it grows the dataset.
 */
describe('rows read by the hot calls at ten times the data', () => {
  it('stay flat for every hot call', async () => {
    const before: Record<string, Record<string, number>> = {};
    for (const [name, url] of Object.entries(hotCalls())) before[name] = await rowsReadBy(url());
    const { rows } = await client.query('select facility_id from note_children where child_id = 10');
    await growTenfold(database.db, { today: tokyoDate(new Date()), facilityIds: [Number(rows[0]!.facility_id)] });
    const grown = await client.query('select count(*)::int as n from notices where facility_id = $1', [rows[0]!.facility_id]);
    expect(Number(grown.rows[0]!.n)).toBeGreaterThanOrEqual(100);
    const growing: string[] = [];
    for (const [name, url] of Object.entries(hotCalls())) {
      const after = await rowsReadBy(url());
      for (const [table, count] of Object.entries(after)) {
        const was = before[name]![table] ?? 0;
        if (count > was * 1.3 + 2) growing.push(`${name} reads ${table}: ${was} → ${count} rows`);
      }
    }
    expect(growing).toEqual([]);
  }, 120_000);
});
