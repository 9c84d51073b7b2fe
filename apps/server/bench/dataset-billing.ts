/**
 * BENCH_ONLY=billing's month (spec/billing.md), built with bulk statements beside the main dataset
 * and made again on every run (the previous run's billing rows and the month's attendance go first):
 * each facility's fee rules of the 年度 as the demo's (seed/billing.ts: 延長 30-minute units after 5
 * minutes' grace at 200 円, 300 円 from 18:30, 1,000 円 a day at most; 副食費 4,500 円) and a monthly
 * 教材費; each child's attributes from the month (認定 3 under 3, else 2; 標準時間 and 短時間 in turn),
 * paid by their main guardian, siblings (every tenth child and the one before) by the same one; and
 * the month's recorded attendance on every weekday, a child absent one day in 17, arrivals from 07:05
 * and pick-ups up to 19:10, so that 延長 falls on some days.
 */
import { fiscalYearOf } from '@renraku/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { log, rowsOf } from './config';

/** The previous run's billing rows and the month's attendance gone: the dataset as generated. */
export async function clearBillingMonth(db: Db, month: string) {
  const start = `${month}-01`;
  for (const table of [
    'billing_transfers',
    'billing_debit_items',
    'billing_debit_requests',
    'billing_payments',
    'billing_adjustments',
    'billing_statements',
    'billing_months',
    'billing_child_attributes',
    'billing_items',
    'billing_settings',
  ])
    // (A table of a later version, when this one has it.)
    if (rowsOf<{ found: string | null }>(await db.execute(sql`select to_regclass(${table})::text as found`))[0]!.found)
      await db.execute(sql.raw(`delete from ${table}`));
  await db.execute(sql`delete from push_outbox where link like '/billing/%'`);
  await db.execute(sql`delete from mail_outbox where kind = 'billing_statement'`);
  await db.execute(sql.raw(`delete from child_attendances where date between date '${start}' and ${endOf(start)}`));
}

const endOf = (start: string) => `(date '${start}' + interval '1 month' - interval '1 day')::date`;

export async function prepareBillingMonth(db: Db, month: string): Promise<{ attendance: number; attributes: number }> {
  const started = performance.now();
  const start = `${month}-01`;
  const end = endOf(start);
  await db.execute(
    sql.raw(`insert into billing_settings (company_id, facility_id, valid_from, facility_type, standard_start, standard_end,
      short_start, short_end, unit_minutes, grace_minutes, price_per_unit, late_from, late_price_per_unit, daily_cap,
      monthly_cap, flat_monthly, side_dish_fee, staple_fee, due_day)
    select company_id, id, date '${fiscalYearOf(start)}-04-01', 'licensed_nursery', '07:00', '18:00', '08:30', '16:30',
      30, 5, 200, '18:30', 300, 1000, null, 3000, 4500, 0, 27 from facilities`),
  );
  await db.execute(
    sql.raw(`insert into billing_items (company_id, facility_id, name, amount, frequency, target, explanation, month_from)
    select company_id, id, '教材費', 500, 'monthly', 'facility', '絵本・製作の材料・連絡帳などの費用です（毎月）', date '${start}' from facilities`),
  );
  const attributes = rowsOf<{ n: number }>(
    await db.execute(
      sql.raw(`with inserted as (insert into billing_child_attributes (company_id, facility_id, child_id, valid_from, certification, need, payer_user_id)
    select nc.company_id, nc.facility_id, nc.child_id, date '${start}',
      case when date '${start}' - c.birth < 3 * 365 then 3 else 2 end,
      case when nc.child_id % 2 = 0 then 'standard' else 'short' end,
      case when (nc.child_id + 1) % 10 = 0 then nc.child_id + 1 else nc.child_id end
    from note_children nc join children c on c.id = nc.child_id returning 1) select count(*)::int as n from inserted`),
    ),
  )[0]!.n;
  const k = `(nc.id + (d - date '2000-01-01'))`;
  const attendance = rowsOf<{ n: number }>(
    await db.execute(
      sql.raw(`with inserted as (insert into child_attendances (company_id, note_child_id, date, arrived_at, picked_up_at, source)
    select nc.company_id, nc.id, d,
      (array['07:05','07:30','08:00','08:15','08:45','09:00'])[1 + ${k} % 6],
      (array['16:00','16:30','17:15','18:00','18:20','16:45','18:45','19:10','17:40'])[1 + ${k} % 9], 'staff'
    from note_children nc cross join (select g::date as d from generate_series(date '${start}', ${end}, interval '1 day') g
      where extract(isodow from g) < 6) days
    where ${k} % 17 <> 0 and nc.admitted_on <= d returning 1) select count(*)::int as n from inserted`),
    ),
  )[0]!.n;
  await db.execute(sql.raw('analyze billing_settings, billing_items, billing_child_attributes, child_attendances'));
  log(
    `  billing month ${month}: settings and 教材費 for every facility, ${attributes.toLocaleString('en')} children's attributes, ${attendance.toLocaleString('en')} days of recorded attendance (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { attendance, attributes };
}
