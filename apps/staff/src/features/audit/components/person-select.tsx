import { Select } from '@mantine/core';
import type { AuditPerson } from '@renraku/contract/staff';

/**
 * The person filter: every member of the facility, current ones first, past ones (ended
 * memberships) after them — their reads stay in the log (issue 29). Searchable by name.
 */
export function PersonSelect({
  people,
  value,
  onChange,
}: {
  people: AuditPerson[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const label = (p: AuditPerson) => `${p.name}（ID ${p.id}）`;
  const current = people.filter((p) => p.current).map((p) => ({ value: String(p.id), label: label(p) }));
  const past = people.filter((p) => !p.current).map((p) => ({ value: String(p.id), label: label(p) }));
  // An id from a bookmarked URL that is no member (any more): still shown, by id.
  if (value && !people.some((p) => p.id === value)) current.push({ value: String(value), label: `ID ${value} の職員` });
  const data = [
    ...(current.length ? [{ group: '現在の職員', items: current }] : []),
    ...(past.length ? [{ group: '以前の職員（所属終了）', items: past }] : []),
  ];
  return (
    <Select
      label="職員"
      placeholder="名前で検索"
      data={data}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': '職員の条件を消す' }}
      nothingFoundMessage="該当する職員はいません"
      w={260}
    />
  );
}
