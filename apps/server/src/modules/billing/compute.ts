import {
  billsChildcareFee,
  extensionPlanLabels,
  needLabels,
  sideDishExemptionLabels,
  type ExtensionDay,
  type FacilityType,
  type SideDishExemption,
  type StatementLine,
  yearMonthLabel,
} from '@renraku/contract';
import type { billingAdjustments, billingChildAttributes, billingItems, billingSettings } from '../../db/schema';
import { clockMinutes, dayExtension, monthExtension, type ExtensionRule } from './extension';
import { siblingDiscountLine, siblingOrders, type FamilyChild, type SiblingRule } from './sibling-discount';
import { temporaryLine, type TemporaryRates, type TemporaryUseRow } from './temporary';

/**
 * A month's draft statements (spec/billing.md §2–3), pure: one per payer (siblings together), a
 * line per fee and child, each saying how it was computed. The inputs are loaded by `inputs.ts`.
 */

export type SettingsRow = typeof billingSettings.$inferSelect;
export type AttributesRow = typeof billingChildAttributes.$inferSelect;
export type ItemRow = typeof billingItems.$inferSelect;
export type AdjustmentRow = typeof billingAdjustments.$inferSelect & {
  correctsNumber: string | null;
  carriedNumber: string | null;
  carriedMonth: string | null;
};

export interface BilledChild {
  id: number;
  name: string;
  birth: string;
  classId: number | null;
  /** Registered for 一時預かり only: billed its 一時預かり line (and adjustments) only. */
  temporaryOnly?: boolean;
  attributes: AttributesRow;
  payerName: string;
  attendance: { date: string; arrivedAt: string | null; pickedUpAt: string | null }[];
}

export interface MonthInputs {
  /** 'YYYY-MM' */
  month: string;
  settings: SettingsRow;
  children: BilledChild[];
  items: ItemRow[];
  adjustments: AdjustmentRow[];
  /** `${itemId}:${childId}` of each recorded consent: only consented 実費 items are billed. */
  consents?: Set<string>;
  /** The sibling discount in force (null or absent: none) and every child enrolled in the month. */
  siblingRule?: SiblingRule | null;
  family?: FamilyChild[];
  /** 一時預かり: the rates in force and the month's recorded uses. */
  temporaryRates?: TemporaryRates | null;
  temporaryUses?: TemporaryUseRow[];
}

export interface DraftStatement {
  payerUserId: number;
  payerName: string;
  children: { id: number; name: string }[];
  lines: StatementLine[];
  total: number;
  dueDate: string;
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** Age on 1 April of the month's 年度 (the 歳児 of the class the child is in). */
export function fiscalAge(birth: string, month: string): number {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const fiscalYear = m >= 4 ? y : y - 1;
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  // 4月2日〜翌4月1日生まれ are one 学年 (年齢計算ニ関スル法律: the age rises the day before the birthday).
  return fiscalYear - by - (bm > 4 || (bm === 4 && bd >= 2) ? 1 : 0);
}

/** The due date: the settings' day of the month after `month`. */
export function dueDateOf(month: string, dueDay: number): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  return `${ny}-${String(nm).padStart(2, '0')}-${String(dueDay).padStart(2, '0')}`;
}

export function ruleOf(s: SettingsRow): ExtensionRule {
  return {
    unitMinutes: s.unitMinutes,
    graceMinutes: s.graceMinutes,
    pricePerUnit: s.pricePerUnit,
    lateFrom: s.lateFrom === null ? null : clockMinutes(s.lateFrom),
    latePricePerUnit: s.latePricePerUnit,
    dailyCap: s.dailyCap,
  };
}

function extensionLine(child: BilledChild, s: SettingsRow): StatementLine | null {
  const base = { child_id: child.id, child_name: child.name, kind: 'extension' as const, label: '延長保育料' };
  if (child.attributes.extensionPlan === 'flat' && s.flatMonthly !== null) {
    return { ...base, amount: s.flatMonthly, explanation: `${extensionPlanLabels.flat}：${yen(s.flatMonthly)}`, days: [] };
  }
  const standard = child.attributes.need === 'standard';
  const window = standard
    ? { start: clockMinutes(s.standardStart), end: clockMinutes(s.standardEnd) }
    : { start: clockMinutes(s.shortStart), end: clockMinutes(s.shortEnd) };
  const rule = ruleOf(s);
  const days: ExtensionDay[] = [];
  for (const a of child.attendance) {
    const d = dayExtension(
      window,
      a.arrivedAt === null ? null : clockMinutes(a.arrivedAt),
      a.pickedUpAt === null ? null : clockMinutes(a.pickedUpAt),
      rule,
    );
    if (d.units === 0) continue;
    days.push({
      date: a.date,
      arrived_at: a.arrivedAt,
      picked_up_at: a.pickedUpAt,
      early_minutes: d.earlyMinutes,
      late_minutes: d.lateMinutes,
      units: d.units,
      amount: d.amount,
    });
  }
  if (days.length === 0) return null;
  const month = monthExtension(days, s.monthlyCap);
  const units = days.reduce((n, d) => n + d.units, 0);
  const parts = [
    `${needLabels[child.attributes.need as 'standard' | 'short']} ${standard ? s.standardStart : s.shortStart}〜${standard ? s.standardEnd : s.shortEnd}の外`,
    `${days.length}日・計${units}単位（${s.unitMinutes}分単位・切り上げ、猶予${s.graceMinutes}分）`,
    `1単位${yen(s.pricePerUnit)}`,
  ];
  if (s.lateFrom !== null && s.latePricePerUnit !== null) parts.push(`${s.lateFrom}以降は1単位${yen(s.latePricePerUnit)}`);
  if (s.dailyCap !== null) parts.push(`1日の上限${yen(s.dailyCap)}`);
  if (month.capped) parts.push(`月の上限${yen(s.monthlyCap!)}を適用（計算額${yen(month.sum)}）`);
  return { ...base, amount: month.amount, explanation: parts.join('、'), days };
}

type LineOf = (kind: StatementLine['kind'], label: string, amount: number, explanation: string) => StatementLine;

/** The lines of a child of the facility's care: 保育料, 延長, 副食費・主食費, the 実費 items. */
function regularLines(child: BilledChild, inputs: MonthInputs, type: FacilityType, line: LineOf): StatementLine[] {
  const s = inputs.settings;
  const a = child.attributes;
  const lines: StatementLine[] = [];
  if (billsChildcareFee(type) && a.childcareFee !== null) {
    lines.push(line('childcare_fee', '保育料', a.childcareFee, `市町村の決定による月額（${a.certification}号認定）`));
  }
  const extension = extensionLine(child, s);
  if (extension) lines.push(extension);
  // 副食費 / 主食費: 3–5歳 (1号, 2号); a month without attendance is not charged unless set.
  const attended = child.attendance.some((d) => d.arrivedAt !== null);
  if (fiscalAge(child.birth, inputs.month) >= 3 && a.certification !== 3 && (attended || s.chargeWithoutAttendance)) {
    if (s.sideDishFee > 0) {
      const exemption = a.sideDishExemption as SideDishExemption | null;
      lines.push(
        exemption
          ? line(
              'side_dish',
              '副食費',
              0,
              `免除：${sideDishExemptionLabels[exemption]}${a.exemptionNote ? `（${a.exemptionNote}）` : ''}`,
            )
          : line('side_dish', '副食費', s.sideDishFee, `3〜5歳児の副食費（月額${yen(s.sideDishFee)}）`),
      );
    }
    if (s.stapleFee > 0) lines.push(line('staple', '主食費', s.stapleFee, `3〜5歳児の主食費（月額${yen(s.stapleFee)}）`));
  }
  const monthStart = `${inputs.month}-01`;
  for (const item of inputs.items) {
    const inMonth =
      item.frequency === 'once'
        ? item.monthFrom === monthStart
        : item.monthFrom <= monthStart && (item.monthUntil === null || item.monthUntil >= monthStart);
    const targeted =
      item.target === 'facility' ||
      (item.target === 'class' && item.classId === child.classId) ||
      (item.target === 'children' && item.childIds.includes(child.id));
    const consented = inputs.consents?.has(`${item.id}:${child.id}`) ?? false;
    if (inMonth && targeted && consented) lines.push(line('item', item.name, item.amount, item.explanation));
  }
  return lines;
}

function childLines(
  child: BilledChild,
  inputs: MonthInputs,
  type: FacilityType,
  orders: Map<number, number> | null,
): StatementLine[] {
  const line: LineOf = (kind, label, amount, explanation) => ({
    child_id: child.id,
    child_name: child.name,
    kind,
    label,
    amount,
    explanation,
    days: [],
  });
  // A child registered for 一時預かり only: its 一時預かり line and adjustments (docs/decisions/billing-temporary-care.md).
  const lines = child.temporaryOnly ? [] : regularLines(child, inputs, type, line);
  if (inputs.temporaryRates) {
    const uses = (inputs.temporaryUses ?? []).filter((u) => u.childId === child.id);
    const temporary = temporaryLine(child, fiscalAge(child.birth, inputs.month), uses, inputs.temporaryRates);
    if (temporary) lines.push(temporary);
  }
  const order = orders?.get(child.id);
  if (inputs.siblingRule && order !== undefined) {
    const discount = siblingDiscountLine(child, order, lines, inputs.siblingRule);
    if (discount) lines.push(discount);
  }
  for (const adj of inputs.adjustments.filter((x) => x.childId === child.id)) {
    lines.push(
      adj.carriedNumber
        ? line(
            'carried_over',
            `${yearMonthLabel(adj.carriedMonth!)}分の未収金（請求番号 ${adj.carriedNumber}）`,
            adj.amount,
            adj.reason,
          )
        : adj.correctsNumber
          ? line('correction', `訂正（請求番号 ${adj.correctsNumber}）`, adj.amount, adj.reason)
          : line('adjustment', '調整', adj.amount, adj.reason),
    );
  }
  return lines;
}

/** The month's drafts, one per payer, payers and children in a stable order. */
export function computeMonth(inputs: MonthInputs): DraftStatement[] {
  const type = inputs.settings.facilityType as FacilityType;
  const byPayer = new Map<number, DraftStatement>();
  // Orders among every sibling enrolled in the month, whoever pays and whether billed yet.
  const orders = inputs.siblingRule ? siblingOrders(inputs.family ?? [], inputs.siblingRule.countDeclaredOlder) : null;
  const sorted = [...inputs.children].sort((x, y) => x.birth.localeCompare(y.birth) || x.id - y.id);
  for (const child of sorted) {
    const payer = child.attributes.payerUserId;
    let draft = byPayer.get(payer);
    if (!draft) {
      draft = {
        payerUserId: payer,
        payerName: child.payerName,
        children: [],
        lines: [],
        total: 0,
        dueDate: dueDateOf(inputs.month, inputs.settings.dueDay),
      };
      byPayer.set(payer, draft);
    }
    draft.children.push({ id: child.id, name: child.name });
    draft.lines.push(...childLines(child, inputs, type, orders));
  }
  const drafts = [...byPayer.values()].filter((d) => d.lines.length > 0);
  for (const d of drafts) d.total = d.lines.reduce((sum, l) => sum + l.amount, 0);
  return drafts.sort((x, y) => x.payerUserId - y.payerUserId);
}
