/**
 * The bank's side of 口座振替 in the e2e specs (spec/billing.md §4): a 振替結果 file made from the
 * request file as a bank answers it. The 全銀 format: Shift_JIS records of 120 bytes and CRLF (122 bytes
 * a line); a header, one data record per family, a trailer and an end record. Each data record gets
 * its 振替結果コード (position 112; '0' 振替済, '1' 資金不足, …), the trailer its 振替済 and 振替不能
 * counts and amounts (positions 20–55), from each record's 引落金額 (positions 81–90).
 */
export function resultFileOf(request: Buffer, codes: (index: number) => string): Buffer {
  const out = Buffer.from(request);
  const records = out.length / 122;
  const sums = { paid: { count: 0, amount: 0 }, failed: { count: 0, amount: 0 } };
  for (let i = 1; i < records - 2; i++) {
    const code = codes(i - 1);
    out.write(code, i * 122 + 111, 'latin1');
    const amount = Number(out.subarray(i * 122 + 80, i * 122 + 90).toString('latin1'));
    const sum = code === '0' ? sums.paid : sums.failed;
    sum.count += 1;
    sum.amount += amount;
  }
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const totals = pad(sums.paid.count, 6) + pad(sums.paid.amount, 12) + pad(sums.failed.count, 6) + pad(sums.failed.amount, 12);
  out.write(totals, (records - 2) * 122 + 19, 'latin1');
  return out;
}

/** A data record's 引落金額 in yen (the `index`-th family of the file). */
export const amountOf = (request: Buffer, index: number) =>
  Number(request.subarray((index + 1) * 122 + 80, (index + 1) * 122 + 90).toString('latin1'));
