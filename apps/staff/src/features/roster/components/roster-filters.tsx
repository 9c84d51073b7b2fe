import { Group, Select, Switch } from '@mantine/core';
import type { StaffClass } from '@renraku/contract/staff';
import type { RosterFilter } from '../api';

const ALL = 'all';

/** The roster's class filter and 「退所した園児も表示」. */
export function RosterFilters({
  classes,
  filter,
  onChange,
}: {
  classes: StaffClass[];
  filter: RosterFilter;
  onChange: (filter: RosterFilter) => void;
}) {
  return (
    <Group gap="lg" align="flex-end" wrap="wrap">
      <Select
        label="クラス"
        data={[{ value: ALL, label: 'すべてのクラス' }, ...classes.map((c) => ({ value: String(c.id), label: c.name }))]}
        value={filter.classId ? String(filter.classId) : ALL}
        onChange={(value) => onChange({ ...filter, classId: value && value !== ALL ? Number(value) : null })}
        allowDeselect={false}
        w={240}
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
