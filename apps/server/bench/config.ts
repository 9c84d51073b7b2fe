/** The bench's settings from the environment, and the output helpers every run shares. */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const url = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/renraku_bench';
const runs = ['web', 'soak', 'kiosk', 'records', 'records-zip', 'billing'] as const;
export const only = (process.env.BENCH_ONLY ?? '') as '' | (typeof runs)[number];
if (only !== '' && !runs.includes(only))
  throw new Error(`BENCH_ONLY=${only}: only ${runs.map((r) => `"${r}"`).join(', ')} are known`);
export const webOnly = only === 'web';
export const scale = Number(process.env.BENCH_SCALE ?? (webOnly || only === 'records-zip' ? 0.01 : 1));
export const lighthouseDir = process.env.BENCH_LIGHTHOUSE_DIR ?? path.join(os.tmpdir(), 'renraku-bench-lighthouse');
export const duration = Number(process.env.BENCH_DURATION ?? 5);
export const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const GUARDIANS = 1000;
export const reuse = process.env.BENCH_REUSE === '1';
export const callFilter = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
export const cpuProfileDir = process.env.BENCH_CPU_PROF;

export const log = (line = '') => process.stdout.write(`${line}\n`);
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
