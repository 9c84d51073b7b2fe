/** Katakana to hiragana, half-width spaces out: 「ヤマダ」 finds 「やまだ はると」. */
export function normalizeKana(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '');
}
