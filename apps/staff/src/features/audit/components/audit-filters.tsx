import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { todayInTokyo } from '../../../lib/dates';
import { idFrom } from '../../../lib/route-id';
import type { AuditFilter } from '../api';
import { PersonSelect, type Person } from './person-select';

/** The log's filters (staff.md §2): person, child, day; applied with 「絞り込む」. */
export function AuditFilters({
  value,
  people,
  onApply,
}: {
  value: AuditFilter;
  people: Person[];
  onApply: (filter: AuditFilter) => void;
}) {
  const [userId, setUserId] = useState<number | null>(value.user_id ?? null);
  const [childId, setChildId] = useState(value.child_id ? String(value.child_id) : '');
  const [date, setDate] = useState(value.date ?? '');
  const [childError, setChildError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const child = childId.trim() ? idFrom(childId.trim()) : null;
    if (childId.trim() && !child) {
      setChildError('園児IDは数字で入力してください');
      return;
    }
    setChildError(undefined);
    onApply({ user_id: userId ?? undefined, child_id: child ?? undefined, date: date || undefined });
  };

  const clear = () => {
    setUserId(null);
    setChildId('');
    setDate('');
    setChildError(undefined);
    onApply({});
  };

  return (
    <form onSubmit={submit} noValidate role="search" aria-label="監査ログの絞り込み">
      <Group align="flex-end" gap="md" wrap="wrap">
        <PersonSelect people={people} value={userId} onChange={setUserId} />
        <TextInput
          label="園児ID"
          inputMode="numeric"
          value={childId}
          onChange={(e) => setChildId(e.currentTarget.value)}
          error={childError}
          w={140}
        />
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
