/**
 * Issue 30: a failed statement must not write its parameters (a child's allergies and care notes,
 * a QR token) or the failing row into the log (docs/decisions/platform-log-redaction.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postStaffChild, postStaffLogin } from '@renraku/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildStaff, TEST_PASSWORD } from './factories';
import { executeAsOwner } from './helpers';
import { Agent, call, setupApp } from './harness';

const t = setupApp();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A second app over this file's database whose log lines are kept in `lines`. */
async function loggingApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-logs-'));
  dirs.push(dir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dir,
    WEB_DIST: path.join(dir, 'no-web'),
    STAFF_DIST: path.join(dir, 'no-staff'),
  });
  const lines: string[] = [];
  const app = await buildApp(config, { database: t.database, logStream: { write: (line: string) => void lines.push(line) } });
  await app.ready();
  return { app, lines };
}

describe('issue 30: health data in error logs', () => {
  it('a failing INSERT logs no parameter value and no failing row', async () => {
    const { app, lines } = await loggingApp();
    try {
      const { user, facilityId } = await buildStaff(t.db, { role: 'director' });
      const agent = new Agent(app);
      expect((await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
      // A constraint the app does not know makes the statement fail as any unforeseen database error would.
      await executeAsOwner(
        t.db,
        `alter table children add constraint issue30_fail check (allergies not like '%卵アレルギー重度%')`,
      );
      const secrets = { allergies: '卵アレルギー重度・エピペン携帯', care_notes: '夜間てんかん発作の既往あり' };
      const res = await call(agent, postStaffChild, {
        params: { facilityId },
        body: {
          last_name: '秘密',
          first_name: '花子',
          last_name_kana: 'ひみつ',
          first_name_kana: 'はなこ',
          birth: '2023-05-12',
          sex: 2,
          ...secrets,
          admitted_on: '2024-04-01',
        },
      });
      expect(res.statusCode).toBe(500);
      const output = lines.join('');
      expect(output).toContain('unhandled error');
      expect(output).toContain('issue30_fail');
      for (const value of [...Object.values(secrets), 'エピペン', 'てんかん', '秘密', 'はなこ', '2023-05-12']) {
        expect(output).not.toContain(value);
      }
      expect(output).not.toContain('"params"');
    } finally {
      await executeAsOwner(t.db, 'alter table children drop constraint if exists issue30_fail');
      await app.close();
    }
  });

  it('a value PostgreSQL quotes in its message (a bad cast) and a unique violation’s detail stay out of the log', async () => {
    const { app, lines } = await loggingApp();
    try {
      const secretToken = 'qr-TOKEN-zz9-secret';
      const cast = await t.db.execute(sql`select ${secretToken}::int`).catch((error: unknown) => error);
      app.log.error({ err: cast }, 'cast failed');
      await executeAsOwner(t.db, 'create table issue30_unique (v text unique)');
      await t.db.execute(sql`insert into issue30_unique values (${'dup-ALLERGY-value'})`);
      const dup = await t.db
        .execute(sql`insert into issue30_unique values (${'dup-ALLERGY-value'})`)
        .catch((error: unknown) => error);
      expect(String(dup)).toContain('issue30_unique');
      app.log.error({ err: dup }, 'insert failed');
      const output = lines.join('');
      expect(output).toContain('cast failed');
      expect(output).toContain('invalid input syntax for type integer');
      expect(output).toContain('insert failed');
      expect(output).not.toContain(secretToken);
      expect(output).not.toContain('dup-ALLERGY-value');
    } finally {
      await executeAsOwner(t.db, 'drop table if exists issue30_unique');
      await app.close();
    }
  });
});
