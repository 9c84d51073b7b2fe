/**
 * The 全銀協 口座振替 request file (種別コード 91) and the bank's result file (spec/billing.md §4),
 * pure: 120-byte fixed records (header 1, data 2 × n, trailer 8, end 9), CRLF after each, numeric
 * fields right-aligned zero-filled, character fields left-aligned space-filled in JIS X 0201 half-width
 * カナ, written as Shift_JIS (whose single-byte range is JIS X 0201: ASCII and 0xA1–0xDF for ｡–ﾟ).
 * Layout and character set: docs/decisions/billing-zengin-format.md.
 */

import { toZenginKana } from '@renraku/contract';

export { toZenginKana };

export const RECORD_BYTES = 120;

/** One character field: converted, cut to its width, space-filled (throws on a character the format refuses). */
function text(value: string, width: number, field: string): string {
  const kana = toZenginKana(value);
  if (kana === null) throw new Error(`${field}に全銀フォーマットで使えない文字があります: ${value}`);
  return kana.slice(0, width).padEnd(width, ' ');
}

/** One numeric field: right-aligned, zero-filled; a value too wide or not a whole number throws. */
function num(value: number | string, width: number, field: string): string {
  const s = String(value);
  if (!/^\d+$/.test(s) || s.length > width) throw new Error(`${field}は${width}桁以内の数字です: ${s}`);
  return s.padStart(width, '0');
}

/** JIS X 0201 bytes of a record (ASCII as is, ｡–ﾟ at 0xA1–0xDF). */
function encode(record: string): Buffer {
  const bytes = Buffer.alloc(record.length);
  for (let i = 0; i < record.length; i++) {
    const code = record.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) bytes[i] = code;
    else if (code >= 0xff61 && code <= 0xff9f) bytes[i] = code - 0xff61 + 0xa1;
    else throw new Error(`全銀フォーマットで使えない文字です: ${record[i]}`);
  }
  if (bytes.length !== RECORD_BYTES) throw new Error(`レコード長が${bytes.length}バイトです`);
  return bytes;
}

export interface ZenginAccount {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  /** 1 普通, 2 当座 */
  type: 1 | 2;
  number: string;
}

export interface ZenginRequest {
  /** 委託者コード (10 digits, from the bank's contract) and 委託者名. */
  consignorCode: string;
  consignorName: string;
  /** 引落日 'YYYY-MM-DD' (the file carries MMDD). */
  debitDate: string;
  /** The facility's own account the money is credited to. */
  account: ZenginAccount;
  records: {
    account: ZenginAccount;
    holder: string;
    amount: number;
    /** 顧客番号: identifies the statement (up to 20 digits). */
    customerNumber: string;
    /** 新規コード: '1' the first debit of this account, '0' otherwise. */
    firstTime: boolean;
  }[];
}

/** The request file: header, one data record per statement, trailer with the totals, end. */
export function zenginRequestFile(req: ZenginRequest): Buffer {
  const a = req.account;
  const header =
    '1' +
    '91' +
    '0' +
    num(req.consignorCode, 10, '委託者コード') +
    text(req.consignorName, 40, '委託者名') +
    req.debitDate.slice(5, 7) +
    req.debitDate.slice(8, 10) +
    num(a.bankCode, 4, '取引銀行番号') +
    text(a.bankName, 15, '取引銀行名') +
    num(a.branchCode, 3, '取引支店番号') +
    text(a.branchName, 15, '取引支店名') +
    num(a.type, 1, '預金種目') +
    num(a.number, 7, '口座番号') +
    ' '.repeat(17);
  const data = req.records.map(
    (r) =>
      '2' +
      num(r.account.bankCode, 4, '引落銀行番号') +
      text(r.account.bankName, 15, '引落銀行名') +
      num(r.account.branchCode, 3, '引落支店番号') +
      text(r.account.branchName, 15, '引落支店名') +
      ' '.repeat(4) +
      num(r.account.type, 1, '預金種目') +
      num(r.account.number, 7, '口座番号') +
      text(r.holder, 30, '預金者名') +
      num(r.amount, 10, '引落金額') +
      (r.firstTime ? '1' : '0') +
      num(r.customerNumber, 20, '顧客番号') +
      '0' +
      ' '.repeat(8),
  );
  const total = req.records.reduce((sum, r) => sum + r.amount, 0);
  const trailer = '8' + num(req.records.length, 6, '合計件数') + num(total, 12, '合計金額') + '0'.repeat(36) + ' '.repeat(65);
  const end = '9' + ' '.repeat(119);
  const crlf = Buffer.from('\r\n', 'ascii');
  return Buffer.concat([header, ...data, trailer, end].flatMap((r) => [encode(r), crlf]));
}

/** 振替結果コード and what each means (spec §4). */
export const zenginResultCodes = {
  '0': '振替済',
  '1': '資金不足',
  '2': '預金取引なし',
  '3': '預金者の都合による振替停止',
  '4': '預金口座振替依頼書なし',
  '8': '委託者の都合による振替停止',
  '9': 'その他',
} as const;
export type ZenginResultCode = keyof typeof zenginResultCodes;

export interface ZenginResult {
  customerNumber: string;
  amount: number;
  code: ZenginResultCode;
}

/** A malformed file: the line (1-based) and what is wrong. Nothing of the file is taken. */
export class ZenginFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`${line}行目：${message}`);
  }
}

/**
 * The bank's result file (the request's layout with 振替結果コード at position 112 and the trailer's
 * 振替済 / 振替不能 totals): every record checked (length, kind, order, digits, codes, totals) before
 * any is returned.
 */
export function parseZenginResult(file: Buffer): ZenginResult[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < file.length; i++) {
    if (file[i] === 0x0d && file[i + 1] === 0x0a) {
      lines.push(file.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  if (start < file.length) lines.push(file.subarray(start));
  const at = (s: string, from: number, width: number) => s.slice(from - 1, from - 1 + width);
  const digits = (s: string, line: number, what: string) => {
    if (!/^\d+$/.test(s)) throw new ZenginFileError(line, `${what}が数字ではありません`);
    return Number(s);
  };
  const results: ZenginResult[] = [];
  let trailer: string | null = null;
  let ended = false;
  lines.forEach((bytes, index) => {
    const line = index + 1;
    if (bytes.length !== RECORD_BYTES) throw new ZenginFileError(line, `レコード長が${bytes.length}バイトです（120バイト）`);
    const s = bytes.toString('latin1');
    const kind = s[0];
    if (ended) throw new ZenginFileError(line, 'エンドレコードの後にレコードがあります');
    if (index === 0) {
      if (kind !== '1' || at(s, 2, 2) !== '91') throw new ZenginFileError(line, 'ヘッダーレコード（種別コード91）ではありません');
      return;
    }
    if (kind === '2') {
      if (trailer !== null) throw new ZenginFileError(line, 'トレーラーの後にデータレコードがあります');
      const code = at(s, 112, 1);
      if (!(code in zenginResultCodes)) throw new ZenginFileError(line, `振替結果コード「${code}」は不明です`);
      results.push({
        customerNumber: at(s, 92, 20),
        amount: digits(at(s, 81, 10), line, '引落金額'),
        code: code as ZenginResultCode,
      });
    } else if (kind === '8') {
      trailer = s;
      const count = digits(at(s, 2, 6), line, '合計件数');
      const total = digits(at(s, 8, 12), line, '合計金額');
      const paid = results.filter((r) => r.code === '0');
      const failed = results.filter((r) => r.code !== '0');
      const sum = (rs: ZenginResult[]) => rs.reduce((n, r) => n + r.amount, 0);
      if (count !== results.length || total !== sum(results))
        throw new ZenginFileError(line, '合計件数・合計金額がデータレコードと一致しません');
      if (digits(at(s, 20, 6), line, '振替済件数') !== paid.length || digits(at(s, 26, 12), line, '振替済金額') !== sum(paid)) {
        throw new ZenginFileError(line, '振替済件数・金額がデータレコードと一致しません');
      }
      if (
        digits(at(s, 38, 6), line, '振替不能件数') !== failed.length ||
        digits(at(s, 44, 12), line, '振替不能金額') !== sum(failed)
      ) {
        throw new ZenginFileError(line, '振替不能件数・金額がデータレコードと一致しません');
      }
    } else if (kind === '9') {
      if (trailer === null) throw new ZenginFileError(line, 'トレーラーレコードがありません');
      ended = true;
    } else {
      throw new ZenginFileError(line, `データ区分「${kind}」は不明です`);
    }
  });
  if (lines.length === 0) throw new ZenginFileError(1, 'ファイルが空です');
  if (!ended) throw new ZenginFileError(lines.length, 'エンドレコードがありません');
  return results;
}
