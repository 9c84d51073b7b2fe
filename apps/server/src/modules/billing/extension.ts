/**
 * 延長保育料 of one child (spec/billing.md §2), pure: minutes outside the child's certified window
 * from the recorded arrival and pick-up, the grace, units rounded up, the price per unit (another
 * price for units starting at or after a clock time), the daily cap and the monthly cap. Integer
 * yen and whole minutes only (docs/decisions/billing-extension-rounding.md).
 */

export interface ExtensionRule {
  unitMinutes: number;
  graceMinutes: number;
  pricePerUnit: number;
  /** Minutes after midnight from which a unit costs `latePricePerUnit`; null: one price. */
  lateFrom: number | null;
  latePricePerUnit: number | null;
  dailyCap: number | null;
}

/** The certified window, minutes after midnight: [start, end). */
export interface ClockWindow {
  start: number;
  end: number;
}

export interface DayExtension {
  earlyMinutes: number;
  lateMinutes: number;
  units: number;
  amount: number;
  /** The daily cap lowered the amount. */
  capped: boolean;
}

/** 'HH:MM' → minutes after midnight. */
export const clockMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const priceOf = (rule: ExtensionRule, unitStart: number) =>
  rule.lateFrom !== null && rule.latePricePerUnit !== null && unitStart >= rule.lateFrom
    ? rule.latePricePerUnit
    : rule.pricePerUnit;

/**
 * One day. Minutes count only while the child was there: before the window from the arrival (to
 * the pick-up if that came first), after it from the window's end (or the arrival if later) to the
 * pick-up. A side within the grace counts 0; beyond it, every minute counts. A missing time counts
 * nothing on its side (no pick-up recorded: no late minutes).
 */
export function dayExtension(
  window: ClockWindow,
  arrived: number | null,
  pickedUp: number | null,
  rule: ExtensionRule,
): DayExtension {
  const earlyRaw = arrived === null ? 0 : Math.max(0, Math.min(window.start, pickedUp ?? window.start) - arrived);
  const lateRaw = pickedUp === null ? 0 : Math.max(0, pickedUp - Math.max(window.end, arrived ?? window.end));
  const earlyMinutes = earlyRaw > rule.graceMinutes ? earlyRaw : 0;
  const lateMinutes = lateRaw > rule.graceMinutes ? lateRaw : 0;
  const earlyUnits = Math.ceil(earlyMinutes / rule.unitMinutes);
  const lateUnits = Math.ceil(lateMinutes / rule.unitMinutes);
  let amount = 0;
  // Early units are counted back from the window's start, late units forward from its end.
  for (let i = 0; i < earlyUnits; i++) amount += priceOf(rule, window.start - (i + 1) * rule.unitMinutes);
  for (let i = 0; i < lateUnits; i++) amount += priceOf(rule, window.end + i * rule.unitMinutes);
  const capped = rule.dailyCap !== null && amount > rule.dailyCap;
  return { earlyMinutes, lateMinutes, units: earlyUnits + lateUnits, amount: capped ? rule.dailyCap! : amount, capped };
}

/** The month: the days' amounts summed, then the monthly cap. */
export function monthExtension(days: readonly { amount: number }[], monthlyCap: number | null) {
  const sum = days.reduce((total, day) => total + day.amount, 0);
  const capped = monthlyCap !== null && sum > monthlyCap;
  return { sum, amount: capped ? monthlyCap! : sum, capped };
}
