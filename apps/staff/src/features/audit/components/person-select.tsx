import { Select } from '@mantine/core';
import { useState } from 'react';

export interface Person {
  id: number;
  name: string;
}

/** The person filter: a name among those seen in the log, or any staff id typed in. */
export function PersonSelect({
  people,
  value,
  onChange,
}: {
  people: Person[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const [search, setSearch] = useState('');
  const options = people.map((p) => ({ value: String(p.id), label: `${p.name}（ID ${p.id}）` }));
  const typedId = /^\d{1,9}$/.test(search.trim()) ? search.trim() : null;
  if (typedId && Number(typedId) > 0 && !options.some((o) => o.value === typedId)) {
    options.push({ value: typedId, label: `ID ${typedId} の職員` });
  }
  if (value && !options.some((o) => o.value === String(value))) {
    options.push({ value: String(value), label: `ID ${value} の職員` });
  }
  return (
    <Select
      label="職員"
      placeholder="名前を選ぶか、IDを入力"
      data={options}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      clearButtonProps={{ 'aria-label': '職員の条件を消す' }}
      nothingFoundMessage="該当する職員はいません"
      w={260}
    />
  );
}
