/**
 * A name as the 全銀 format takes it (spec/billing.md §4; docs/decisions/billing-zengin-format.md):
 * hiragana and katakana to half-width カナ (JIS X 0201), small kana to full size, full-width letters
 * and digits to ASCII upper case, ー and commas removed, ・ a space, runs of spaces made one. Null when a
 * character remains that the format does not allow (kanji, for one). Shared by the server's file
 * writer and both apps' forms (no zod here: the guardian app's first load stays small).
 */

/** What a 全銀 character field may hold once converted: digits, A–Z, half-width カナ, space and ().-/ */
export const ZENGIN_ALLOWED = /^[0-9A-Z\uFF66\uFF71-\uFF9F ().\-/]*$/;

/** Small kana and their full-size letters (the 全銀 format and name matching compare full-size). */
export const SMALL_TO_FULL: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ッ: 'ツ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

// Full-width katakana → half-width, in the order of the JIS X 0201 block (ｦｱｲ…ﾝ).
const HALF = 'ｦｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝ';
const FULL = 'ヲアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン';
const DAKUTEN_BASE = 'カキクケコサシスセソタチツテトハヒフヘホ';
const DAKUTEN = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボ';
const HANDAKUTEN = 'パピプペポ';
const HANDAKUTEN_BASE = 'ハヒフヘホ';

function halfOf(ch: string): string {
  const plain = FULL.indexOf(ch);
  if (plain >= 0) return HALF[plain]!;
  const voiced = DAKUTEN.indexOf(ch);
  if (voiced >= 0) return HALF[FULL.indexOf(DAKUTEN_BASE[voiced]!)]! + 'ﾞ';
  const semi = HANDAKUTEN.indexOf(ch);
  if (semi >= 0) return HALF[FULL.indexOf(HANDAKUTEN_BASE[semi]!)]! + 'ﾟ';
  if (ch === 'ヴ') return 'ｳﾞ';
  return ch;
}

export function toZenginKana(input: string): string | null {
  let out = '';
  // NFKC makes half-width カナ full-width (small ones too) and full-width ASCII plain.
  for (const raw of input.normalize('NFKC').normalize('NFC')) {
    let ch = raw;
    if (ch >= 'ぁ' && ch <= 'ゖ') ch = String.fromCharCode(ch.charCodeAt(0) + 0x60);
    ch = SMALL_TO_FULL[ch] ?? ch;
    if (ch === 'ー') continue;
    if (ch === ',' || ch === '、' || ch === '，') continue;
    // 中黒 between the parts of a foreign name: the banks register a space.
    if (ch === '　' || ch === '\t' || ch === '・') ch = ' ';
    ch = ch.toUpperCase();
    out += halfOf(ch);
  }
  out = out.replace(/ +/g, ' ').trim();
  return ZENGIN_ALLOWED.test(out) ? out : null;
}
