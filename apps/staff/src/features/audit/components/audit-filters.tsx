import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { AuditChild, AuditPerson } from '@renraku/contract/staff';
import { todayInTokyo } from '@renraku/ui/dates';
import type { AuditFilter } from '../api';
import { ChildSelect } from './child-select';
import { PersonSelect } from './person-select';

/** The log's filters (staff.md §2): person, child, day; applied with 「絞り込む」. */
export function AuditFilters({
  value,
  people,
  kids,
  onApply,
}: {
  value: AuditFilter;
  people: AuditPerson[];
  kids: AuditChild[];
  onApply: (filter: AuditFilter) => void;
}) {
  const [userId, setUserId] = useState<number | null>(value.user_id ?? null);
  const [childId, setChildId] = useState<number | null>(value.child_id ?? null);
  const [date, setDate] = useState(value.date ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ user_id: userId ?? undefined, child_id: childId ?? undefined, date: date || undefined });
  };

  const clear = () => {
    setUserId(null);
    setChildId(null);
    setDate('');
    onApply({});
  };

  return (
    <form onSubmit={submit} noValidate role="search" aria-label="監査ログの絞り込み">
      <Group align="flex-end" gap="md" wrap="wrap">
        <PersonSelect people={people} value={userId} onChange={setUserId} />
        <ChildSelect kids={kids} value={childId} onChange={setChildId} />
        <TextInput
          label="日付"
          type="date"
          value={date}
          max={todayInTokyo()}
          onChange={(e) => setDate(e.currentTarget.value)}
          w={190}
        />
        <Button type="submit">絞り込む</Button>
        <Button type="button" variant="default" onClick={clear}>
          条件をクリア
        </Button>
      </Group>
    </form>
  );
}
