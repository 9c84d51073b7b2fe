import iconv from 'iconv-lite';
import { journalAccounts, statementStatusLabels, type StatementLine, type StatementStatus } from '@renraku/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingPayments, billingStatements } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { addMonths, yearMonthLabel } from '@renraku/contract';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/**
 * Books (spec/billing.md §5, docs/decisions/billing-books.md): the month's statements with their
 * lines summed by kind and the payments recorded against each, for Excel; and the 仕訳 of the
 * month for 弥生会計: each statement's revenue by kind (未収金 / 収入) on the month's last day, each payment
 * made in the month (預金 or 現金 / 未収金) on its date. A carried 未収金 line is no new revenue.
 */

type Kind = StatementLine['kind'];
const KIND_COLUMNS: [Kind, string][] = [
  ['childcare_fee', '保育料'],
  ['extension', '延長保育料'],
  ['side_dish', '副食費'],
  ['staple', '主食費'],
  ['item', '実費'],
  ['temporary', '一時預かり'],
  ['sibling_discount', '兄弟姉妹割引'],
  ['adjustment', '調整'],
  ['correction', '訂正'],
  ['carried_over', '前月までの未収金'],
];

const monthStart = (month: string) => `${month}-01`;

async function monthStatements(db: Db, facilityId: number, month: string) {
  return db
    .select()
    .from(billingStatements)
    .where(and(eq(billingStatements.facilityId, facilityId), eq(billingStatements.month, monthStart(month))))
    .orderBy(asc(billingStatements.number));
}

const sumBy = (lines: StatementLine[], kind: Kind) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);

/** One row per statement of the month: the lines by kind, what was paid (how, when) and what is open. */
export async function booksCsv(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  const statements = await monthStatements(db, grant.facilityId, month);
  const ids = statements.map((s) => s.id);
  const payments = ids.length
    ? await db
        .select()
        .from(billingPayments)
        .where(inArray(billingPayments.statementId, ids))
        .orderBy(asc(billingPayments.paidOn))
    : [];
  const rows = statements.map((s) => {
    const lines = s.lines as StatementLine[];
    const paid = payments.filter((p) => p.statementId === s.id);
    const paidTotal = paid.reduce((sum, p) => sum + p.amount, 0);
    return [
      s.number,
      yearMonthLabel(month),
      s.payerName,
      (s.children as { name: string }[]).map((c) => c.name).join('・'),
      ...KIND_COLUMNS.map(([kind]) => sumBy(lines, kind)),
      s.total,
      s.dueDate,
      statementStatusLabels[s.status as StatementStatus],
      paidTotal,
      paid.map((p) => p.paidOn).join(' '),
      [...new Set(paid.map((p) => METHOD_LABELS[p.method] ?? p.method))].join('・'),
      s.status === 'carried' ? 0 : s.total - paidTotal,
    ];
  });
  const header = [
    '請求番号',
    '対象月',
    '支払者',
    '園児',
    ...KIND_COLUMNS.map(([, label]) => label),
    '請求額',
    '支払期日',
    '状態',
    '入金額',
    '入金日',
    '入金方法',
    '未収額',
  ];
  await audit(db, staff, grant, now, 'billing.books.export', month, statements.length);
  return { filename: `seikyu-${grant.facilityId}-${month.replace('-', '')}.csv`, body: toCsv(header, rows) };
}

type Side = { account: string; tax: string };
const METHOD_LABELS: Record<string, string> = { cash: '現金', transfer: '振込', debit: '口座振替' };

/**
 * A 弥生インポート形式 line (識別フラグ 2000: a one-line 仕訳; 25 columns). Amounts are never negative
 * there: a negative amount swaps the sides.
 */
function yayoiLine(date: string, debit: Side, credit: Side, amount: number, memo: string) {
  const [dr, cr] = amount >= 0 ? [debit, credit] : [credit, debit];
  const value = Math.abs(amount);
  // 摘要 holds 64 half-width places: 32 full-width characters.
  const cells = [
    '2000',
    '',
    '',
    date.replaceAll('-', '/'),
    dr.account,
    '',
    '',
    dr.tax,
    value,
    '',
    cr.account,
    '',
    '',
    cr.tax,
    value,
    '',
    memo.slice(0, 32),
    '',
    '',
    '0',
    '',
    '',
    '0',
    '0',
    'no',
  ];
  return cells.map((c) => (typeof c === 'number' ? String(c) : `"${c.replace(/"/g, '""')}"`)).join(',');
}

/** The month's 仕訳 for 弥生会計 (Shift_JIS, CRLF, no header row, as its import reads them). */
export async function journalCsv(db: Db, staff: StaffViewer, grant: FacilityGrant, month: string, now: Date) {
  const statements = await monthStatements(db, grant.facilityId, month);
  const payments = await db
    .select({ p: billingPayments, number: billingStatements.number, payer: billingStatements.payerName })
    .from(billingPayments)
    .innerJoin(billingStatements, eq(billingStatements.id, billingPayments.statementId))
    .where(
      and(
        eq(billingPayments.facilityId, grant.facilityId),
        gte(billingPayments.paidOn, monthStart(month)),
        lt(billingPayments.paidOn, monthStart(addMonths(month, 1))),
      ),
    )
    .orderBy(asc(billingPayments.paidOn), asc(billingPayments.id));
  const lines: string[] = [];
  // Revenue belongs to the month the care was given (発生主義): its last day, whenever it was issued.
  const [y, m] = month.split('-').map(Number) as [number, number];
  const monthEnd = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  for (const s of statements) {
    const items = s.lines as StatementLine[];
    for (const [kind, label] of KIND_COLUMNS) {
      if (kind === 'carried_over') continue;
      const amount = sumBy(items, kind);
      if (amount === 0) continue;
      const revenue = { account: journalAccounts[kind as keyof typeof journalAccounts], tax: '非課売上' };
      const memo = `${yearMonthLabel(month)}分${label} ${s.number} ${s.payerName}`;
      lines.push(yayoiLine(monthEnd, { account: journalAccounts.receivable, tax: '対象外' }, revenue, amount, memo));
    }
  }
  for (const { p, number, payer } of payments) {
    const account = p.method === 'cash' ? journalAccounts.cash : journalAccounts.bank;
    const memo = `入金（${METHOD_LABELS[p.method] ?? p.method}）${number} ${payer}`;
    lines.push(
      yayoiLine(p.paidOn, { account, tax: '対象外' }, { account: journalAccounts.receivable, tax: '対象外' }, p.amount, memo),
    );
  }
  await audit(db, staff, grant, now, 'billing.journal.export', month, lines.length);
  const text = lines.map((l) => `${l}\r\n`).join('');
  return {
    filename: `shiwake-yayoi-${grant.facilityId}-${month.replace('-', '')}.csv`,
    body: iconv.encode(text, 'cp932'),
    type: 'text/csv; charset=shift_jis',
  };
}

async function audit(
  db: Db,
  staff: StaffViewer,
  grant: FacilityGrant,
  now: Date,
  action: 'billing.books.export' | 'billing.journal.export',
  month: string,
  rows: number,
) {
  await recordAudit(db, staff, now, {
    companyId: grant.companyId,
    facilityId: grant.facilityId,
    action,
    targetType: 'facility',
    targetId: grant.facilityId,
    details: { month, rows },
  });
}
