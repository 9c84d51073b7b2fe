import { SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { datesOfMonth, monthDayLabel, weekdayIndexOf } from '@renraku/contract/dates';
import { scheduleWindowBody } from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveWindow } from '../api';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

interface Props {
  facilityId: number;
  month: string;
  /** null: a new window. */
  windowId: number | null;
  deadline: string;
  openDays: string[];
  closedDays: { date: string; name: string }[];
  onDone: (message: string) => void;
  onCancel: () => void;
}

/**
 * Opens or changes a month's window: the deadline and the open days, picked on the month's calendar
 * (each day a toggle; the facility's closed days and holidays carry their names).
 */
export function WindowForm({ facilityId, month, windowId, deadline, openDays, closedDays, onDone, onCancel }: Props) {
  const [fields, setFields] = useState({ deadline, open: new Set(openDays) });
  const { errors, failure, check, fail } = useCheckedForm(['deadline', 'open_days']);
  const save = useSaveWindow(facilityId);
  const closedName = new Map(closedDays.map((d) => [d.date, d.name]));
  const days = datesOfMonth(month);
  const blanks = weekdayIndexOf(days[0]!);

  const toggle = (date: string) =>
    setFields((f) => {
      const open = new Set(f.open);
      if (open.has(date)) open.delete(date);
      else open.add(date);
      return { ...f, open };
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { deadline: fields.deadline, open_days: [...fields.open].sort() };
    const data = check(scheduleWindowBody, body);
    if (!data) return;
    save.mutate(
      { id: windowId, month, ...data },
      { onSuccess: () => onDone(windowId === null ? '受付を開始しました' : '受付を変更しました'), onError: fail },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={windowId === null ? '受付の開始' : '受付の変更'} style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        <TextInput
          label="締切日"
          description="保護者はこの日まで登録・変更できます（月の初日より前）"
          type="date"
          required
          size="md"
          value={fields.deadline}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setFields((f) => ({ ...f, deadline: value }));
          }}
          error={errors.deadline}
        />
        <div role="group" aria-labelledby="open-days-label">
          <Text id="open-days-label" fw={500} size="md">
            開所日（{fields.open.size}日）
          </Text>
          <Text size="sm" c="dark.6" mb={6}>
            押すと開所・休園が切り替わります。休園日と祝日は初めから休園です。
          </Text>
          <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
            {WEEKDAYS.map((w) => (
              <Text key={w} ta="center" size="sm" fw={700} aria-hidden>
                {w}
              </Text>
            ))}
            {Array.from({ length: blanks }, (_, i) => (
              <div key={`blank-${i}`} />
            ))}
            {days.map((date) => {
              const on = fields.open.has(date);
              const name = closedName.get(date);
              const weekday = weekdayIndexOf(date);
              return (
                <UnstyledButton
                  key={date}
                  type="button"
                  aria-pressed={on}
                  aria-label={`${monthDayLabel(date)}${name ? `（${name}）` : ''}：${on ? '開所' : '休園'}`}
                  onClick={() => toggle(date)}
                  data-testid={`open-day-${date}`}
                  style={{
                    minHeight: 52,
                    borderRadius: 6,
                    border: `2px solid ${on ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-4)'}`,
                    background: on ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-1)',
                    padding: 4,
                    textAlign: 'center',
                  }}
                >
                  <Text size="md" fw={700} c={weekday === 0 ? 'red.9' : weekday === 6 ? 'blue.9' : 'dark.9'}>
                    {Number(date.slice(8, 10))}
                  </Text>
                  <Text size="xs" c={on ? 'blue.9' : 'dark.6'}>
                    {on ? '開所' : (name ?? '休園')}
                  </Text>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          {errors.open_days && (
            <Text c="red.9" size="sm" role="alert" mt={4}>
              {errors.open_days}
            </Text>
          )}
        </div>
        <FormActions
          submit={windowId === null ? '受付を開始する' : '変更する'}
          pending={save.isPending}
          onCancel={onCancel}
          size="md"
          gap="sm"
          mt="xs"
        />
      </Stack>
    </form>
  );
}
