import { beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { getNotices } from '@renraku/contract';
import { seedDemo } from '../src/seed';
import { ratioMonth } from '../src/modules/staffing/ratio-month';
import { notInTheFuture } from '../src/seed/context';
import { type Agent, call, setupApp } from './harness';

/**
 * The demo seeded between midnight and 07:30 in Tokyo: "today 07:30" has not come yet. The demo
 * must still show today's notices and keep the communication history in order (seen as failing
 * end-to-end tests when they ran at that hour).
 */
const NOW = new Date('2026-11-22T20:00:00Z'); // 05:00 on 2026-11-23 in Tokyo
const t = setupApp();
let agent: Agent;
beforeAll(async () => {
  await seedDemo(t.db, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seed-')) }, NOW);
  agent = t.agent({ 'x-test-now': NOW.toISOString() });
  await agent.login('hogosha@example.com', 'hoiku-demo-2026');
}, 60_000);

describe('demo data seeded early in the morning', () => {
  it('moves instants that have not come yet into the hour before now, in their order', () => {
    const at0730 = notInTheFuture(new Date('2026-11-22T22:30:00Z'), NOW);
    const at0800 = notInTheFuture(new Date('2026-11-22T23:00:00Z'), NOW);
    expect(at0730.getTime()).toBeLessThan(at0800.getTime());
    expect(at0800.getTime()).toBeLessThan(NOW.getTime());
    expect(at0730.getTime()).toBeGreaterThan(NOW.getTime() - 60 * 60 * 1000);
    const past = new Date('2026-11-22T10:00:00Z');
    expect(notInTheFuture(past, NOW)).toBe(past);
  });

  it('shows today’s notices on the first page of notices, newest first', async () => {
    const page = (await call(agent, getNotices)).data;
    const [newestDay, ...others] = Object.keys(page);
    expect(newestDay).toBe('2026-11-23');
    expect(others.every((day) => day < newestDay!)).toBe(true);
    expect(page['2026-11-23']!.map((n) => n.title)).toEqual(['運動会の参加確認', '登降園時のQRコード受付について']);
  });

  it('keeps every seeded communication in the past, so a new one comes first in the history', async () => {
    const raw = (t.db as unknown as { $client: { query: (q: string) => Promise<{ rows: { n: number }[] }> } }).$client;
    const { rows } = await raw.query(
      `select count(*)::int as n from attendance_reports where created_at > '${NOW.toISOString()}'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('drafts next month’s shifts from the planned times, off on the 保育士’s wished days, not published', async () => {
    const raw = (t.db as unknown as { $client: { query: (q: string) => Promise<{ rows: { n: number }[] }> } }).$client;
    const count = async (q: string) => (await raw.query(q)).rows[0]!.n;
    expect(await count(`select count(*)::int as n from shifts where date between '2026-12-01' and '2026-12-31'`)).toBeGreaterThan(
      0,
    );
    const wishedAndWorking = `select count(*)::int as n from shifts s join shift_wishes w
      on w.user_id = s.user_id and w.date = s.date and w.facility_id = s.facility_id where s.date >= '2026-12-01'`;
    expect(await count(wishedAndWorking)).toBe(0);
    expect(await count(`select count(*)::int as n from shift_months where month = '2026-12'`)).toBe(0);
    // The part-timer's 勤務条件 (3 days a week, F only) hold in the draft, and she is placed.
    const partTimer = `from shifts s join users u on u.id = s.user_id join shift_patterns p on p.id = s.pattern_id
      where u.email = 'paato@example.com' and s.date between '2026-12-01' and '2026-12-31'`;
    expect(await count(`select count(*)::int as n ${partTimer}`)).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n ${partTimer} and p.code <> 'F'`)).toBe(0);
    expect(
      await count(
        `select coalesce(max(n), 0)::int as n from (select count(*) as n ${partTimer} group by date_trunc('week', s.date)) w`,
      ),
    ).toBeLessThanOrEqual(3);
  });

  it('this month’s report shows short slots on the days already past (staffing.md §4)', async () => {
    const raw = (
      t.db as unknown as { $client: { query: (q: string) => Promise<{ rows: { id: number; company_id: number }[] }> } }
    ).$client;
    const sakura = (await raw.query(`select id, company_id from facilities where name = 'さくら保育園'`)).rows[0]!;
    const grant = {
      facilityId: sakura.id,
      companyId: sakura.company_id,
      facilityName: 'さくら保育園',
      role: 'director' as const,
      classIds: [],
      scopeClassId: null,
      pinSession: false,
      chief: false,
    };
    const report = await ratioMonth(t.db, grant, '2026-11', '2026-11-23', NOW);
    const short = report.days.flatMap((d) => d.short_slots);
    expect(short.length).toBeGreaterThan(0);
    expect(report.one_year_check.conditions.find((c) => c.key === 'ict_attendance')!.met).toBe(true);
  });
});
