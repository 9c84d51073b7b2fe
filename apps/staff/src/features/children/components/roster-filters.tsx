import { Group, Select, Switch, TextInput } from '@mantine/core';
import type { StaffClass } from '@renraku/contract/staff';
import type { RosterFilter } from '../api';

const ALL = 'all';

/** The roster's search by name or kana, class filter and 「退所した園児も表示」. */
export function RosterFilters({
  classes,
  filter,
  query,
  onChange,
  onQueryChange,
}: {
  classes: StaffClass[];
  filter: RosterFilter;
  query: string;
  onChange: (filter: RosterFilter) => void;
  onQueryChange: (query: string) => void;
}) {
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <TextInput
        label="名前・ふりがなで検索"
        type="search"
        placeholder="例：やまだ"
        value={query}
        onChange={(e) => onQueryChange(e.currentTarget.value)}
        w={240}
        size="md"
      />
      <Select
        label="クラス"
        data={[{ value: ALL, label: 'すべてのクラス' }, ...classes.map((c) => ({ value: String(c.id), label: c.name }))]}
        value={filter.classId ? String(filter.classId) : ALL}
        onChange={(value) => onChange({ ...filter, classId: value && value !== ALL ? Number(value) : null })}
        allowDeselect={false}
        w={240}
        size="md"
      />
      <Switch
        label="退所した園児も表示"
        checked={filter.includeLeft}
        onChange={(e) => onChange({ ...filter, includeLeft: e.currentTarget.checked })}
        size="md"
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
    </Group>
  );
}
