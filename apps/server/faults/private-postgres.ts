import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of its own, in a temporary directory on its own port, that a fault run may
 * stop and restart without touching the machine's shared server (other tests use it meanwhile).
 * PostgreSQL refuses to run as root: as root, it runs as the `postgres` user.
 */
export function privatePostgres(port: number) {
  const bin = findBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const asOwner = process.getuid?.() === 0;
  if (asOwner) execFileSync('chown', ['-R', 'postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asOwner) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  run('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('-o', options, 'start'),
    /** `-m fast`: clients are disconnected, open transactions rolled back (a restart as operators do it). */
    restart: () => pgCtl('-o', options, '-m', 'fast', 'restart'),
    stop: () => pgCtl('-m', 'fast', 'stop'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

function findBin(): string {
  for (const candidate of ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
    if (fs.existsSync(path.join(candidate, 'initdb'))) return candidate;
  }
  const onPath = execFileSync('sh', ['-c', 'command -v initdb || true']).toString().trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
}
