import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import type { AuditChild } from '@renraku/contract/staff';

/** Katakana to hiragana and no spaces: 「サトウ」「さとう そうた」 find 佐藤 蒼太 (さとう そうた). */
const fold = (text: string) =>
  text
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\s\u3000]/g, '')
    .toLowerCase();

/** Matches the typed text against the name and the kana (the option's label holds both). */
const byNameOrKana: OptionsFilter = ({ options, search }) => {
  const needle = fold(search);
  const match = (item: ComboboxItem) => fold(item.label).includes(needle);
  return options
    .map((o) => ('group' in o ? { ...o, items: o.items.filter(match) } : o))
    .filter((o) => ('group' in o ? o.items.length > 0 : match(o)));
};

/**
 * The child filter (issue 29): a child of the facility chosen by name or kana, children who left
 * included — "who read this child's record" is asked about former children too.
 */
export function ChildSelect({
  kids,
  value,
  onChange,
}: {
  kids: AuditChild[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const option = (c: AuditChild) => ({ value: String(c.id), label: `${c.name}（${c.kana}）` });
  const current = kids.filter((c) => c.current).map(option);
  const past = kids.filter((c) => !c.current).map(option);
  if (value && !kids.some((c) => c.id === value)) current.push({ value: String(value), label: `ID ${value} の園児` });
  const data = [
    ...(current.length ? [{ group: '在園児', items: current }] : []),
    ...(past.length ? [{ group: '退園・入園前の園児', items: past }] : []),
  ];
  return (
    <Select
      label="園児"
      placeholder="名前・ふりがなで検索"
      data={data}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchable
      filter={byNameOrKana}
      clearable
      clearButtonProps={{ 'aria-label': '園児の条件を消す' }}
      nothingFoundMessage="該当する園児はいません"
      w={280}
    />
  );
}
