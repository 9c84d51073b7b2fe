import { ratioFacilityTypeLabels, type RatioMonth } from '@renraku/contract';
import type { Db } from '../../db/client';
import { toCsv } from '../../lib/csv';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { ratioMonth } from './ratio-month';

const header = ['区分', '日付', 'クラス', '時刻', '園児数', '保育士数', '必要数', '内容'];

/** A row of a section that says one thing: its 区分 and its 内容, the other columns empty. */
const note = (section: string, text: string) => [section, '', '', '', '', '', '', text];

/** The report's rows: the short slots, the FAQ headcount, the 加算's conditions (one CSV, a section per column 区分). */
export function ratioMonthRows(report: RatioMonth): (string | number)[][] {
  const facility = `${report.facility_name}・${ratioFacilityTypeLabels[report.facility_type]}${report.one_year_improvement ? '・1歳児配置改善加算あり' : ''}`;
  const rows: (string | number)[][] = [
    note('施設', `${facility}・${report.through ? `${report.through}までの実績` : '実績なし'}`),
  ];
  for (const day of report.days)
    for (const s of day.short_slots)
      rows.push(['不足（実績）', day.date, s.name, s.start, s.children, s.staff, s.required, `${s.required - s.staff}人不足`]);
  const h = report.headcount;
  for (const g of h.groups)
    rows.push([
      '必要保育士数（公定価格FAQ）',
      h.date,
      g.label,
      '',
      g.children,
      '',
      (g.tenths / 10).toFixed(1),
      `÷${g.per_staff}（小数点第1位まで）`,
    ]);
  rows.push([
    '必要保育士数（公定価格FAQ）',
    h.date,
    '合計',
    '',
    h.children_by_band.reduce((a, b) => a + b, 0),
    h.class_staff,
    h.required,
    `${h.met ? '充足' : '不足'}${h.plus ? `（施設の種類による加配 ${h.plus}人を含む）` : ''}`,
  ]);
  const c = report.one_year_check;
  for (const condition of c.conditions)
    rows.push(
      note('1歳児配置改善加算', `${condition.label}：${condition.met ? '満たす' : '満たさない'}（${condition.figures}）`),
    );
  for (const s of c.short_slots)
    rows.push(['1歳児5:1の不足', s.date, s.name, s.start, s.children, s.staff, s.required, `${s.required - s.staff}人不足`]);
  rows.push(
    note(
      '1歳児配置改善加算',
      c.applicable ? (c.met ? '判定：要件を満たす' : '判定：要件を満たさない') : '判定：対象外（2025年4月以降の加算）',
    ),
  );
  return rows;
}

/** The month's report as CSV (UTF-8 with BOM); the export is audited (an official paper leaves the app). */
export async function ratioMonthCsv(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  const report = await ratioMonth(db, grant, month, staff.today, now);
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action: 'staffing.report.export',
    targetType: 'facility',
    targetId: grant.facilityId,
    details: { month },
  });
  return { filename: `ratio-report-${grant.facilityId}-${month}.csv`, body: toCsv(header, ratioMonthRows(report)) };
}
