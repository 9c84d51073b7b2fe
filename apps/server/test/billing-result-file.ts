/**
 * The bank's side in tests: a 振替結果 file made from a request file, each data record given its
 * 振替結果コード (position 112) and the trailer its 振替済 / 振替不能 totals.
 */
export function resultFileOf(request: Buffer, codes: string[]): Buffer {
  const out = Buffer.from(request);
  const records = out.length / 122;
  let paid = [0, 0];
  let failed = [0, 0];
  for (let i = 1; i < records - 2; i++) {
    const at = i * 122;
    const code = codes[i - 1] ?? '0';
    out.write(code, at + 111, 'latin1');
    const amount = Number(out.subarray(at + 80, at + 90).toString('latin1'));
    if (code === '0') paid = [paid[0]! + 1, paid[1]! + amount];
    else failed = [failed[0]! + 1, failed[1]! + amount];
  }
  const trailer = (records - 2) * 122;
  out.write(
    String(paid[0]).padStart(6, '0') +
      String(paid[1]).padStart(12, '0') +
      String(failed[0]).padStart(6, '0') +
      String(failed[1]).padStart(12, '0'),
    trailer + 19,
    'latin1',
  );
  return out;
}
