/**
 * `npm run faults`: the fault runs of docs/reliability.md, outside `npm test` (each takes minutes
 * and restarts a PostgreSQL of its own). FAULTS=restart or FAULTS=soak runs one of them.
 */
import { postgresRestartRun } from './postgres-restart';

const only = process.env.FAULTS;
const runs: [string, () => Promise<string>][] = [['restart', postgresRestartRun]];
for (const [name, run] of runs) {
  if (only && only !== name) continue;
  console.log(await run());
}
process.exit(process.exitCode ?? 0);
