/**
 * Fault run: PostgreSQL restarted while guardians send absences and contact books.
 *
 * A private PostgreSQL (faults/private-postgres.ts), the app listening on a real port, 40 guardians
 * each sending, one after the other, absences for ever new days and contact-book saves with a
 * sequence number, retrying what answered 503 (or a cut connection) after Retry-After as the web
 * app's queries do. Halfway, `pg_ctl restart -m fast`. Then: every acknowledged absence is stored
 * exactly once, nothing is stored that was not acknowledged, every contact book holds its last
 * acknowledged text, no answer was a 500, and the app recovered without a restart.
 *
 * `npm run faults` (FAULTS=restart). Results: docs/reliability.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';
import { attendanceReports, familyInformation } from '../src/db/schema';
import { buildFamily, TEST_PASSWORD } from '../test/factories';
import { HttpClient } from './http-client';
import { privatePostgres } from './private-postgres';

const FAMILIES = Number(process.env.FAULTS_FAMILIES ?? 40);
const SECONDS = Number(process.env.FAULTS_SECONDS ?? 20);
const NOW = '2026-11-20T01:00:00.000Z'; // a Friday, 10:00 in Tokyo
const TODAY = '2026-11-20';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function postgresRestartRun(): Promise<string> {
  const pg = privatePostgres(55_432);
  pg.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-faults-app-'));
  const database = await openPostgres(pg.url, { max: 4 });
  const config = loadConfig({
    NODE_ENV: 'test', // the X-Test-Now clock: the same day whatever the date of the run
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
  });
  const app = await buildApp(config, { database });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const families = [];
    for (let i = 0; i < FAMILIES; i++) families.push(await buildFamily(database.db));
    const clients = await Promise.all(
      families.map(async (f) => {
        const client = new HttpClient(origin, { 'x-test-now': NOW });
        await client.login(f.main.email, TEST_PASSWORD);
        return client;
      }),
    );

    const statuses = new Map<number | string, number>();
    const note = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const acknowledged = families.map(() => ({ absences: [] as string[], lastContact: null as string | null }));
    let stop = false;
    let firstFailureAt: number | null = null;
    let recoveredAt: number | null = null;
    let lastFailureAt: number | null = null;
    const started = Date.now();

    const sendWithRetry = async (client: HttpClient, url: string, body: unknown) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const answer = await client
          .send('POST', url, body)
          .catch((error: Error) => ({ status: `network:${error.name}` as const, retryAfter: 1 }));
        note(answer.status);
        if (answer.status === 503 || typeof answer.status === 'string') {
          firstFailureAt ??= Date.now();
          lastFailureAt = Date.now();
          await new Promise((r) => setTimeout(r, Math.min(answer.retryAfter ?? 1, 3) * 1000));
          continue;
        }
        if (firstFailureAt && !recoveredAt && answer.status === 200) recoveredAt = Date.now();
        return answer.status;
      }
      return 'gave up';
    };

    const senders = families.map(async (f, i) => {
      const client = clients[i]!;
      for (let n = 1; !stop; n++) {
        const day = addDays(TODAY, n);
        const absence = await sendWithRetry(client, `/api/absences/${f.child.id}`, {
          absenceType: 2,
          absenceDates: [day],
          message: `用事 ${n}`,
        });
        if (absence === 200) acknowledged[i]!.absences.push(day);
        const text = `送信 ${n}`;
        const contact = await sendWithRetry(client, `/api/families/information/children/${f.child.id}`, {
          message: text,
          isSent: false,
          contactOn: TODAY,
          baseDate: TODAY,
        });
        if (contact === 200) acknowledged[i]!.lastContact = text;
      }
    });

    await new Promise((r) => setTimeout(r, (SECONDS / 2) * 1000));
    const restartAt = Date.now();
    pg.restart();
    const restartTook = Date.now() - restartAt;
    await new Promise((r) => setTimeout(r, (SECONDS / 2) * 1000));
    stop = true;
    await Promise.all(senders);

    // What the database holds, read after the run.
    const noteChildIds = families.map((f) => f.noteChild.id);
    const reports = await database.db
      .select({ noteChildId: attendanceReports.noteChildId, day: attendanceReports.targetDate })
      .from(attendanceReports)
      .where(inArray(attendanceReports.noteChildId, noteChildIds));
    const contacts = await database.db
      .select({ noteChildId: familyInformation.noteChildId, message: familyInformation.message })
      .from(familyInformation)
      .where(and(inArray(familyInformation.noteChildId, noteChildIds), eq(familyInformation.contactOn, TODAY)));

    let ackedAbsences = 0;
    let storedAbsences = 0;
    let lost = 0;
    let duplicated = 0;
    let unacknowledgedStored = 0;
    let contactMismatches = 0;
    families.forEach((f, i) => {
      const stored = reports.filter((r) => r.noteChildId === f.noteChild.id).map((r) => String(r.day));
      const acked = acknowledged[i]!.absences;
      ackedAbsences += acked.length;
      storedAbsences += stored.length;
      for (const day of acked) {
        const copies = stored.filter((d) => d === day).length;
        if (copies === 0) lost++;
        if (copies > 1) duplicated += copies - 1;
      }
      unacknowledgedStored += stored.filter((d) => !acked.includes(d)).length;
      const contact = contacts.find((c) => c.noteChildId === f.noteChild.id);
      if ((contact?.message ?? null) !== acknowledged[i]!.lastContact) contactMismatches++;
    });

    const byStatus = [...statuses.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    const lines = [
      `## PostgreSQL restarted while guardians send (${new Date().toISOString().slice(0, 10)})`,
      '',
      `${FAMILIES} guardians sending for ${elapsed} s over real HTTP, each one request at a time (an absence for a new day, then a contact-book save); \`pg_ctl restart -m fast\` at ${SECONDS / 2} s (took ${(restartTook / 1000).toFixed(1)} s).`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| absences acknowledged (200) | ${ackedAbsences} |`,
      `| absences stored | ${storedAbsences} |`,
      `| acknowledged but not stored (lost) | ${lost} |`,
      `| stored more than once | ${duplicated} |`,
      `| stored but not acknowledged | ${unacknowledgedStored} |`,
      `| contact books whose stored text is not the last acknowledged one | ${contactMismatches} of ${FAMILIES} |`,
      `| answers by status | ${byStatus.map(([s, n]) => `${s}: ${n}`).join(', ')} |`,
      `| 500 answers | ${statuses.get(500) ?? 0} |`,
      `| failures seen (503 or cut connection), first to last | ${firstFailureAt && lastFailureAt ? `${((lastFailureAt - firstFailureAt) / 1000).toFixed(1)} s` : 'none'} |`,
      `| first failure → first 200 after it | ${firstFailureAt && recoveredAt ? `${((recoveredAt - firstFailureAt) / 1000).toFixed(1)} s` : 'none'} |`,
      '',
    ];
    const ok =
      lost === 0 &&
      duplicated === 0 &&
      contactMismatches === 0 &&
      !statuses.get(500) &&
      ackedAbsences === storedAbsences - unacknowledgedStored;
    lines.push(ok ? 'Result: **pass**' : 'Result: **FAIL**', '');
    if (!ok) process.exitCode = 1;
    return lines.join('\n');
  } finally {
    await app.close();
    await database.close();
    pg.stop();
    pg.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
