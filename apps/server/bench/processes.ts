/** The bench's server processes (the app and the floor) and what /proc says about their CPU and memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { cpuProfileDir, here, url } from './config';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The servers started and not yet exited: killed when the bench ends, even by an uncaught error. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** Starts `node --import tsx bench/server.ts <mode>` and waits for "ready". */
export async function startServer(mode: 'app' | 'select1'): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const profile = mode === 'app' && cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const command = [process.execPath, ...profile, '--import', 'tsx', path.join(here, 'server.ts'), mode];
  if (process.env.BENCH_PIN) command.unshift('taskset', '-c', '0');
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, BENCH_DATABASE_URL: url, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return { port, child };
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Server {
  port: number;
  child: ChildProcess;
}

export const TICK_MS = 1000 / 100; // USER_HZ: 100 on Linux

/** utime + stime of a process in clock ticks (0 when it is gone). */
export function cpuTicks(pid: string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * CPU ticks used so far by a server's process tree (a child process, if any, included) and by each
 * PostgreSQL process; null off Linux. Less disturbed by other load on the machine than req/s.
 */
export function cpuSnapshot(serverPid: number | undefined): { server: number; postgres: Map<string, number> } | null {
  if (!serverPid || !fs.existsSync('/proc/self/stat')) return null;
  const { tree, postgres } = processTree(serverPid);
  return { server: tree.reduce((sum, pid) => sum + cpuTicks(pid), 0), postgres };
}

/** The bench database's name: its backends' process titles carry it. */
const benchDatabase = decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * A PostgreSQL backend's database from its process title (`postgres: [cluster: ]user database
 * host(port) state`); null for the postmaster and the cluster's own processes (walwriter, checkpointer…).
 */
export function backendDatabase(title: string): string | null {
  const match = /^postgres: (?:[^:]+: )?\S+ (\S+) (?:[\d.:a-f]+\(\d+\)|\[local\])/.exec(title);
  return match ? match[1]! : null;
}

/**
 * A server's process ids (its child processes included) and PostgreSQL's processes with their CPU
 * ticks: the cluster of the bench's database (its postmaster and its own processes: WAL writer,
 * checkpointer…) and, of its backends, only those of the bench's database. Other sessions' tests on
 * the same server (other databases) are not the bench's CPU; they were counted before issue 35's
 * third session (docs/performance.md).
 */
export function processTree(serverPid: number): { tree: string[]; postgres: Map<string, number> } {
  const parentOf = new Map<string, string>();
  const postgresTitles = new Map<string, string>();
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(pid, stat.split(') ')[1]!.split(' ')[1]!);
      if (stat.slice(stat.indexOf('(') + 1, stat.indexOf(')')).startsWith('postgres'))
        postgresTitles.set(pid, fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
    } catch {
      // gone meanwhile
    }
  }
  const clusters = new Set<string>();
  for (const [pid, title] of postgresTitles) if (backendDatabase(title) === benchDatabase) clusters.add(parentOf.get(pid)!);
  const postgres = new Map<string, number>();
  for (const [pid, title] of postgresTitles) {
    const database = backendDatabase(title);
    const ours =
      clusters.size === 0 ||
      clusters.has(pid) ||
      (clusters.has(parentOf.get(pid)!) && (database === null || database === benchDatabase));
    if (ours) postgres.set(pid, cpuTicks(pid));
  }
  const tree = new Set([String(serverPid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return { tree: [...tree], postgres };
}

/** Resident memory (MiB) of a server's process tree; null off Linux. */
export function residentMiB(serverPid: number | undefined): number | null {
  if (!serverPid || !fs.existsSync('/proc/self/status')) return null;
  let kib = 0;
  for (const pid of processTree(serverPid).tree) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kib / 1024;
}

/** PostgreSQL CPU between two snapshots: per process, so one that ended meanwhile does not count negative. */
export function postgresTicksBetween(before: Map<string, number>, after: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

/** A shell command (the PostgreSQL restart), without blocking the load generator's event loop. */
export function runShell(command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, output: String(error) }));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}
