import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseZenginResult,
  RECORD_BYTES,
  toZenginKana,
  zenginRequestFile,
  ZenginFileError,
  type ZenginRequest,
} from '../src/modules/billing/zengin';

/** The 全銀 口座振替 files byte by byte (spec/billing.md §4, docs/decisions/billing-zengin-format.md). */

const account = (bankCode: string, number: string) => ({
  bankCode,
  bankName: 'ミズホ',
  branchCode: '123',
  branchName: 'トウキヨウ',
  type: 1 as const,
  number,
});

const request: ZenginRequest = {
  consignorCode: '1234567890',
  consignorName: 'シャカイフクシホウジン サクラカイ',
  debitDate: '2026-12-27',
  account: account('0001', '7654321'),
  records: [
    {
      account: account('0005', '1234567'),
      holder: 'やまだ はなこ',
      amount: 5500,
      customerNumber: '1202611001',
      firstTime: false,
    },
    {
      account: account('0009', '0000042'),
      holder: 'サトウ　タロー',
      amount: 12300,
      customerNumber: '1202611002',
      firstTime: true,
    },
  ],
};

/** The records of a file, split at CRLF, as latin1 strings (one char per byte). */
const records = (file: Buffer) => {
  const text = file.toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
};
/** A field by its 1-based position and width. */
const field = (record: string, from: number, width: number) => record.slice(from - 1, from - 1 + width);
/** Half-width カナ as the bytes Shift_JIS gives them (ｱ = 0xB1 …), for expectations. */
const sjis = (s: string) =>
  Buffer.from([...s].map((c) => (c.charCodeAt(0) >= 0xff61 ? c.charCodeAt(0) - 0xff61 + 0xa1 : c.charCodeAt(0)))).toString(
    'latin1',
  );

describe('カナ for the 全銀 format', () => {
  it.each([
    ['やまだ はなこ', 'ﾔﾏﾀﾞ ﾊﾅｺ'],
    ['キョウコ', 'ｷﾖｳｺ'],
    ['サトー', 'ｻﾄ'],
    ['ｻｲﾄｳ　ﾘｮｳ', 'ｻｲﾄｳ ﾘﾖｳ'],
    ['ﾀﾞｲｽｹ', 'ﾀﾞｲｽｹ'],
    ['ポッポ', 'ﾎﾟﾂﾎﾟ'],
    ['abc１２３', 'ABC123'],
    ['カ,ナ、ダ', 'ｶﾅﾀﾞ'],
    ['ヴァイオリン', 'ｳﾞｱｲｵﾘﾝ'],
  ])('%s → %s', (input, want) => expect(toZenginKana(input)).toBe(want));

  it('refuses what the format cannot carry (kanji)', () => {
    expect(toZenginKana('山田')).toBeNull();
  });
});

describe('the request file', () => {
  const file = zenginRequestFile(request);
  const [header, data1, data2, trailer, end, ...rest] = records(file);

  it('is header, data × n, trailer, end: every record 120 bytes and CRLF', () => {
    expect(rest).toEqual([]);
    expect(file.length).toBe(5 * (RECORD_BYTES + 2));
    for (const r of [header, data1, data2, trailer, end]) expect(r!.length).toBe(RECORD_BYTES);
    expect([header, data1, data2, trailer, end].map((r) => r![0])).toEqual(['1', '2', '2', '8', '9']);
  });

  it('holds only digits, A–Z, half-width カナ, space and ().-/ (JIS X 0201 bytes)', () => {
    for (const byte of file) {
      const ok =
        byte === 0x0d ||
        byte === 0x0a ||
        byte === 0x20 ||
        (byte >= 0x30 && byte <= 0x39) ||
        (byte >= 0x41 && byte <= 0x5a) ||
        [0x28, 0x29, 0x2e, 0x2d, 0x2f].includes(byte) ||
        (byte >= 0xa6 && byte <= 0xdf);
      expect(ok, `byte 0x${byte.toString(16)}`).toBe(true);
    }
  });

  it('header: 種別 91, 委託者, 引落日 MMDD, the facility’s account', () => {
    expect(field(header!, 2, 2)).toBe('91');
    expect(field(header!, 4, 1)).toBe('0');
    expect(field(header!, 5, 10)).toBe('1234567890');
    expect(field(header!, 15, 40)).toBe(sjis('ｼﾔｶｲﾌｸｼﾎｳｼﾞﾝ ｻｸﾗｶｲ'.padEnd(40, ' ')));
    expect(field(header!, 55, 4)).toBe('1227');
    expect(field(header!, 59, 4)).toBe('0001');
    expect(field(header!, 78, 3)).toBe('123');
    expect(field(header!, 96, 1)).toBe('1');
    expect(field(header!, 97, 7)).toBe('7654321');
    expect(field(header!, 104, 17)).toBe(' '.repeat(17));
  });

  it('data: account, 預金者名 in カナ, amount zero-filled, 新規コード, 顧客番号 at 92–111, result 0', () => {
    expect(data2).toBe(
      '2' +
        '0009' +
        sjis('ﾐｽﾞﾎ'.padEnd(15, ' ')) +
        '123' +
        sjis('ﾄｳｷﾖｳ'.padEnd(15, ' ')) +
        '    ' +
        '1' +
        '0000042' +
        sjis('ｻﾄｳ ﾀﾛ'.padEnd(30, ' ')) +
        '0000012300' +
        '1' +
        '00000000001202611002' +
        '0' +
        '        ',
    );
    expect(field(data1!, 92, 20)).toBe('00000000001202611001');
    expect(field(data1!, 81, 10)).toBe('0000005500');
  });

  it('trailer: count and total; 振替済 and 不能 zero in a request', () => {
    expect(field(trailer!, 2, 6)).toBe('000002');
    expect(field(trailer!, 8, 12)).toBe('000000017800');
    expect(field(trailer!, 20, 36)).toBe('0'.repeat(36));
    expect(end).toBe('9' + ' '.repeat(119));
  });

  it('refuses a name with kanji or an amount too wide', () => {
    expect(() => zenginRequestFile({ ...request, records: [{ ...request.records[0]!, holder: '山田' }] })).toThrow(/預金者名/);
    expect(() => zenginRequestFile({ ...request, records: [{ ...request.records[0]!, amount: 1e10 }] })).toThrow(/引落金額/);
  });
});

/** The bank's answer: the request with 振替結果コード set and the trailer's paid/failed totals. */
function bankResult(file: Buffer, codes: string[]): Buffer {
  const [header, ...others] = records(file);
  const data = others.slice(0, -2).map((r, i) => r.slice(0, 111) + codes[i] + r.slice(112));
  const amount = (r: string) => Number(field(r, 81, 10));
  const paid = data.filter((r) => r[111] === '0');
  const failed = data.filter((r) => r[111] !== '0');
  const sum = (rs: string[]) => rs.reduce((n, r) => n + amount(r), 0);
  const trailer =
    '8' +
    String(data.length).padStart(6, '0') +
    String(sum(data)).padStart(12, '0') +
    String(paid.length).padStart(6, '0') +
    String(sum(paid)).padStart(12, '0') +
    String(failed.length).padStart(6, '0') +
    String(sum(failed)).padStart(12, '0') +
    ' '.repeat(65);
  return Buffer.from([header, ...data, trailer, '9' + ' '.repeat(119)].map((r) => r + '\r\n').join(''), 'latin1');
}

describe('the result file', () => {
  it('round-trips: each statement’s number, amount and code; no yen appears or disappears', () => {
    const results = parseZenginResult(bankResult(zenginRequestFile(request), ['0', '1']));
    expect(results).toEqual([
      { customerNumber: '00000000001202611001', amount: 5500, code: '0' },
      { customerNumber: '00000000001202611002', amount: 12300, code: '1' },
    ]);
  });

  it('round-trips any amounts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 9_999_999 }), paid: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        (rows) => {
          const req = {
            ...request,
            records: rows.map((r, i) => ({ ...request.records[0]!, amount: r.amount, customerNumber: String(i + 1) })),
          };
          const results = parseZenginResult(
            bankResult(
              zenginRequestFile(req),
              rows.map((r) => (r.paid ? '0' : '1')),
            ),
          );
          expect(results.map((r) => r.amount)).toEqual(rows.map((r) => r.amount));
          expect(results.reduce((n, r) => n + r.amount, 0)).toBe(rows.reduce((n, r) => n + r.amount, 0));
        },
      ),
      { numRuns: 100 },
    );
  });

  const bad = (mutate: (lines: string[]) => string[]) => {
    const lines = bankResult(zenginRequestFile(request), ['0', '0']).toString('latin1').slice(0, -2).split('\r\n');
    return Buffer.from(
      mutate(lines)
        .map((l) => l + '\r\n')
        .join(''),
      'latin1',
    );
  };
  it.each([
    ['a short record', (l: string[]) => [l[0]!, l[1]!.slice(0, 119), ...l.slice(2)], 2, 'レコード長が119バイト'],
    [
      'an unknown result code',
      (l: string[]) => [l[0]!, l[1]!, l[2]!.slice(0, 111) + '5' + l[2]!.slice(112), ...l.slice(3)],
      3,
      '振替結果コード「5」',
    ],
    [
      'totals that do not match',
      (l: string[]) => [l[0]!, l[1]!, l[2]!.slice(0, 81) + '9' + l[2]!.slice(82), ...l.slice(3)],
      4,
      '合計件数・合計金額',
    ],
    ['no end record', (l: string[]) => l.slice(0, -1), 4, 'エンドレコードがありません'],
    ['not a 91 header', (l: string[]) => ['1' + '21' + l[0]!.slice(3), ...l.slice(1)], 1, 'ヘッダーレコード'],
  ])('refuses %s and names the line', (_name, mutate, line, message) => {
    try {
      parseZenginResult(bad(mutate));
      expect.fail('parsed a malformed file');
    } catch (e) {
      expect(e).toBeInstanceOf(ZenginFileError);
      expect((e as ZenginFileError).line).toBe(line);
      expect((e as Error).message).toContain(message);
    }
  });
});
