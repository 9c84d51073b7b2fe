import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import iconv from 'iconv-lite';
import { transferMessages as T } from '@renraku/contract';
import { HttpError, invalid } from '../../lib/errors';

/**
 * A bank's 入出金明細 CSV (spec/billing.md §4; docs/decisions/billing-transfer-matching.md). Banks
 * differ in wording, so the header row is found by its column names (within the first 10 lines, after
 * the account lines some banks put first): a date, the 摘要 (one or more text columns) and the credit
 * amount; the balance when there is one. Only credits (入金 > 0) are returned. Shift_JIS or UTF-8.
 */

export interface BankCredit {
  /** The line as a spreadsheet numbers it (the file's first line is 1). */
  line: number;
  receivedOn: string;
  description: string;
  amount: number;
  /** The line's fingerprint: the same credit in a later, overlapping file has the same key. */
  key: string;
}

const MAX_BYTES = 700 * 1024;
const DATE_COLUMNS = ['日付', '取引日', 'お取引日', '取扱日', '取扱日付', '年月日', '勘定日', '入出金日', '約定日'];
const TEXT_COLUMNS = ['摘要', 'お取引内容', '取引内容', '内容', '振込依頼人名', '依頼人名', '摘要内容', 'お取扱内容', '取引区分'];
const CREDIT_COLUMNS = ['入金金額', 'お預り金額', 'お預入金額', 'お預入れ金額', '預入金額', '預り金額', '入金額', '入金'];
const BALANCE_COLUMNS = ['残高', '差引残高', 'お取引後残高'];

const bad = (line: number, message: string) => new HttpError(400, `${line}行目：${message}`);
const cell = (v: string | undefined) => (v ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();

function decode(base64: string): string {
  const payload = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) throw invalid('file_base64', T.unreadable);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_BYTES) throw invalid('file_base64', T.fileTooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

/** 2026/11/05, 2026-11-5, 2026年11月5日, 20261105, R8.11.5 and 令和8年11月5日 → 2026-11-05; null otherwise. */
export function bankDate(value: string): string | null {
  const v = cell(value).replace(/\s/g, '');
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(?:R|令和)(\d{1,2})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(v))) {
    [y, m, d] = [2018 + Number(match[1]), Number(match[2]), Number(match[3])];
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** 12,300 / ¥12,300 / 12300円 → 12300; '' → 0; anything else null. */
export function bankAmount(value: string): number | null {
  const v = cell(value).replace(/[,¥\\円 ]/g, '');
  if (v === '' || v === '-') return 0;
  return /^\d{1,9}$/.test(v) ? Number(v) : null;
}

function findHeader(rows: string[][]) {
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const names = rows[i]!.map(cell);
    const index = (candidates: string[]) => names.findIndex((n) => candidates.includes(n));
    const date = index(DATE_COLUMNS);
    const credit = index(CREDIT_COLUMNS);
    const texts = names.flatMap((n, j) => (TEXT_COLUMNS.includes(n) ? [j] : []));
    if (date >= 0 && credit >= 0 && texts.length > 0) return { row: i, date, credit, texts, balance: index(BALANCE_COLUMNS) };
  }
  return null;
}

/** Every credit of the file, or a 400 naming the first line that cannot be read (nothing is written). */
export function parseBankCredits(fileBase64: string): BankCredit[] {
  const parsed = Papa.parse<string[]>(decode(fileBase64).replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const header = findHeader(rows);
  if (!header) throw bad(1, T.noHeader);
  const seen = new Map<string, number>();
  const credits: BankCredit[] = [];
  for (let i = header.row + 1; i < rows.length; i++) {
    const row = rows[i]!;
    const line = i + 1;
    const amount = bankAmount(row[header.credit] ?? '');
    if (amount === null) throw bad(line, T.amount);
    if (amount === 0) continue;
    const receivedOn = bankDate(row[header.date] ?? '');
    if (!receivedOn) throw bad(line, T.date);
    const description = header.texts
      .map((j) => cell(row[j]))
      .filter(Boolean)
      .join(' ');
    const balance = header.balance >= 0 ? cell(row[header.balance]) : '';
    const fingerprint = [receivedOn, description, amount, balance].join('|');
    const repeat = (seen.get(fingerprint) ?? 0) + 1;
    seen.set(fingerprint, repeat);
    const key = createHash('sha256').update(`${fingerprint}|${repeat}`).digest('hex').slice(0, 32);
    credits.push({ line, receivedOn, description, amount, key });
  }
  if (credits.length === 0) throw bad(header.row + 2, T.noCredits);
  return credits;
}
