import type { StatementLine } from '@renraku/contract';
import { clockMinutes } from './extension';

/**
 * 一時預かり's price (spec/billing.md §2, docs/decisions/billing-temporary-care.md), pure: a use of
 * at most `halfDayHours` is a half day, longer a full day, at the prices of the child's age band
 * (the 歳児 on 1 April of the month's 年度, as 副食費 counts it).
 */

export interface TemporaryBand {
  from_age: number;
  half_day: number;
  full_day: number;
}
export interface TemporaryRates {
  halfDayHours: number;
  bands: TemporaryBand[];
}
export interface TemporaryUseRow {
  id: number;
  childId: number;
  date: string;
  start: string;
  end: string;
}

export function bandFor(bands: TemporaryBand[], age: number): TemporaryBand {
  let best = bands[0]!;
  for (const b of bands) if (b.from_age <= age && (best.from_age > age || b.from_age > best.from_age)) best = b;
  return best;
}

export function priceUse(rates: TemporaryRates, age: number, use: { start: string; end: string }) {
  const minutes = clockMinutes(use.end) - clockMinutes(use.start);
  const span: 'half' | 'full' = minutes <= rates.halfDayHours * 60 ? 'half' : 'full';
  const band = bandFor(rates.bands, age);
  return { span, amount: span === 'half' ? band.half_day : band.full_day, band };
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const day = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
const bandLabel = (bands: TemporaryBand[], band: TemporaryBand) => {
  const next = bands.filter((b) => b.from_age > band.from_age).sort((a, b) => a.from_age - b.from_age)[0];
  if (!next) return `${band.from_age}歳児以上`;
  return next.from_age - 1 === band.from_age ? `${band.from_age}歳児` : `${band.from_age}〜${next.from_age - 1}歳児`;
};

/** The month's line of a child's uses (null: none), each use named with its times and price. */
export function temporaryLine(
  child: { id: number; name: string },
  age: number,
  uses: TemporaryUseRow[],
  rates: TemporaryRates,
): StatementLine | null {
  if (uses.length === 0) return null;
  const sorted = [...uses].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id - b.id);
  const priced = sorted.map((u) => ({ u, ...priceUse(rates, age, u) }));
  const band = bandFor(rates.bands, age);
  const parts = priced.map(
    ({ u, span, amount }) => `${day(u.date)} ${u.start}〜${u.end} ${span === 'half' ? '半日' : '1日'}${yen(amount)}`,
  );
  return {
    child_id: child.id,
    child_name: child.name,
    kind: 'temporary',
    label: '一時預かり',
    amount: priced.reduce((sum, p) => sum + p.amount, 0),
    explanation: `${bandLabel(rates.bands, band)}の料金（${rates.halfDayHours}時間までは半日）：${parts.join('、')}`,
    days: [],
  };
}
