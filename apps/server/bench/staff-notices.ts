import { sql } from 'drizzle-orm';
import { addDays } from '@renraku/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { createStaffNotice } from '../src/modules/notices/compose';

/**
 * The 10× step's notices (issue 18: "with 10× notices sent through the staff calls"): for each
 * measured facility, `perFacility` notices to the whole facility written by the staff code path
 * (`createStaffNotice`: the notice, its audience, its targets and its audit row in one
 * transaction), as a director would send them, instead of generated rows. Answers how long it took.
 */
export async function sendNoticesThroughStaffCalls(
  database: Database,
  options: { facilityIds: number[]; perFacility: number; today: string; history: number; log: (line: string) => void },
) {
  const started = performance.now();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://bench',
    APP_URL: 'http://127.0.0.1:1',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/renraku-bench-data',
  });
  const app = await buildApp(config, { database });
  try {
    // The writer: one staff user (a director of each facility, as the grant says).
    const { rows } = (await database.db.execute(sql`
      insert into users (name, email) values ('ベンチ 園長', ${`bench-director-${Date.now()}@example.com`})
      returning id`)) as unknown as { rows: { id: number }[] };
    const userId = rows[0]!.id;
    const facilities = (
      (await database.db.execute(
        sql`select id, company_id, name from facilities where id in ${sql.raw(`(${options.facilityIds.join(',')})`)}`,
      )) as unknown as { rows: { id: number; company_id: number; name: string }[] }
    ).rows;
    let sent = 0;
    for (const f of facilities) {
      const grant = {
        facilityId: f.id,
        companyId: f.company_id,
        facilityName: f.name,
        role: 'director' as const,
        classIds: [],
        scopeClassId: null,
        pinSession: false,
        chief: false,
      };
      for (let i = 0; i < options.perFacility; i++) {
        // Sent over the years before the dataset's own 90 days, one every 9 days, as a director
        // would have (the call's clock is the day's morning): the targets are the children
        // enrolled then, the release days spread as in real use.
        const day = addDays(options.today, -(options.history + 1 + i * 9));
        const staff = { userId, today: day, deviceId: null, ip: '127.0.0.1' };
        await createStaffNotice(
          app.ctx,
          staff,
          grant,
          {
            title: `園だより 第${i + 1}号`,
            text: '今月の行事と持ち物のお知らせです。',
            audience: { kind: 'facility' },
            release: 'now',
            release_at: null,
            questionnaire: null,
          },
          new Date(`${day}T10:00:00+09:00`),
        );
        sent += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    options.log(
      `  notices ×10 through the staff calls: ${sent} notices in ${seconds.toFixed(1)} s (${((seconds * 1000) / sent).toFixed(1)} ms each)`,
    );
  } finally {
    await app.close();
  }
}
