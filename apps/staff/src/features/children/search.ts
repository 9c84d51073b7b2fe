import type { StaffChildListItem } from '@renraku/contract/staff';

/**
 * A name as typed or stored, made comparable: NFKC (full-width letters, half-width kana), katakana as
 * hiragana, no spaces, lower case; 「ヤマダ タロウ」 (with a full-width space) and 「やまだたろう」 are the same.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** The roster's children whose name or kana contains the query (the whole roster is loaded, so in the browser). */
export function searchChildren(children: StaffChildListItem[], query: string): StaffChildListItem[] {
  const key = searchKey(query);
  if (!key) return children;
  return children.filter((child) =>
    [child.last_name + child.first_name, child.last_name_kana + child.first_name_kana].some((name) =>
      searchKey(name).includes(key),
    ),
  );
}
