/**
 * Where PostgreSQL's time goes, per statement (issue 35, third session): when the bench's database
 * has the pg_stat_statements extension (`shared_preload_libraries = 'pg_stat_statements'` on its
 * server, then `create extension pg_stat_statements` in the database; the bench never does either),
 * a run takes a snapshot before and after each measured stretch and prints the statements that took
 * the most time in them, per measured request. Execution time, not CPU: a statement waiting on a
 * lock or a commit waiting for its WAL flush counts here, not in /proc's CPU ticks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from './config';

interface Statement {
  query: string;
  calls: number;
  ms: number;
  planMs: number;
  rows: number;
  blocks: number;
}
export type StatementSnapshot = Map<string, Statement>;

/** The bench database's statements so far, or null without the extension. */
export async function statementSnapshot(db: Db): Promise<StatementSnapshot | null> {
  const installed = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`),
  )[0]!.n;
  if (!installed) return null;
  const rows = rowsOf<{ id: string; query: string; calls: number; ms: number; plan_ms: number; rows: number; blocks: number }>(
    await db.execute(sql`select queryid::text || ':' || toplevel::text as id, query, calls::float8 as calls,
      total_exec_time as ms, total_plan_time as plan_ms, rows::float8 as rows,
      (shared_blks_hit + shared_blks_read)::float8 as blocks
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`),
  );
  return new Map(
    rows.map((r) => [r.id, { query: r.query, calls: r.calls, ms: r.ms, planMs: r.plan_ms, rows: r.rows, blocks: r.blocks }]),
  );
}

/** Adds what happened between two snapshots to `into`. */
export function addStatements(into: StatementSnapshot, before: StatementSnapshot, after: StatementSnapshot) {
  for (const [id, now] of after) {
    const was = before.get(id);
    const add = {
      calls: now.calls - (was?.calls ?? 0),
      ms: now.ms - (was?.ms ?? 0),
      planMs: now.planMs - (was?.planMs ?? 0),
      rows: now.rows - (was?.rows ?? 0),
      blocks: now.blocks - (was?.blocks ?? 0),
    };
    if (add.calls <= 0) continue;
    const sum = into.get(id) ?? { query: now.query, calls: 0, ms: 0, planMs: 0, rows: 0, blocks: 0 };
    for (const key of ['calls', 'ms', 'planMs', 'rows', 'blocks'] as const) sum[key] += add[key];
    into.set(id, sum);
  }
}

/** The `top` statements by time (execution + planning), per measured request. */
export function statementLines(statements: StatementSnapshot, requests: number, top = 15): string[] {
  const all = [...statements.values()].sort((a, b) => b.ms + b.planMs - (a.ms + a.planMs));
  const total = all.reduce((sum, s) => sum + s.ms + s.planMs, 0);
  const per = (value: number) => (value / Math.max(requests, 1)).toFixed(3);
  const lines = [
    `statements (pg_stat_statements, top ${Math.min(top, all.length)} of ${all.length} by time): ${per(total)} ms per request in all, ${all.reduce((n, s) => n + s.calls, 0)} calls over ${requests} requests`,
    '| ms per request | share | calls per request | ms per call (plan) | blocks per call | statement |',
    '|---|---|---|---|---|---|',
  ];
  for (const s of all.slice(0, top)) {
    const text = s.query.replace(/\s+/g, ' ').slice(0, 110).replaceAll('|', '¦');
    lines.push(
      `| ${per(s.ms + s.planMs)} | ${(((s.ms + s.planMs) / Math.max(total, 1e-9)) * 100).toFixed(1)} % | ${per(s.calls)} | ${(s.ms / s.calls).toFixed(3)} (${(s.planMs / s.calls).toFixed(3)}) | ${(s.blocks / s.calls).toFixed(1)} | ${text} |`,
    );
  }
  return lines;
}
