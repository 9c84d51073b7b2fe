import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { monthDayLabel, yearMonthLabel } from '@renraku/contract/dates';
import { closedDayBody, type ClosedDay, type FacilityProfile } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { useAddClosedDay, useDeleteClosedDay } from '../api';
import { otherError, serverFieldErrors, validate, type FieldErrors } from '../field-errors';

/** The year's closed days by month, April first (a 年度). */
function byMonth(days: ClosedDay[]): [string, ClosedDay[]][] {
  const months = new Map<string, ClosedDay[]>();
  for (const day of days) {
    const month = day.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), day]);
  }
  return [...months.entries()];
}

/** 休園日: the facility's own closed days (added and deleted here) beside the public holidays (read-only). */
export function ClosedDaysSection({ profile }: { profile: FacilityProfile }) {
  const year = profile.fiscal_year;
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddClosedDay(profile.id);
  const remove = useDeleteClosedDay(profile.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(closedDayBody, { date, name });
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: (day) => {
        showSuccess(`${monthDayLabel(day.date)}を休園日に追加しました`);
        setDate('');
        setName('');
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const onDelete = async (day: ClosedDay) => {
    const ok = await confirm({
      title: '休園日の削除',
      message: `${monthDayLabel(day.date)}「${day.name}」を休園日から削除しますか？`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(day.id!, { onSuccess: (res) => showSuccess(res.message), onError: (error) => showFailure(error) });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="closed-day-add">
        <Title order={3} size="h4" id="closed-day-add" mb="sm">
          休園日を追加
        </Title>
        <form onSubmit={submit} noValidate aria-label="休園日を追加">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="日付"
              type="date"
              required
              min={`${year}-04-01`}
              max={`${year + 1}-03-31`}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              w={200}
            />
            <TextInput
              label="名前"
              required
              placeholder="年末年始休園"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={30}
              w={280}
            />
            <Button type="submit" mt={28} loading={add.isPending}>
              追加する
            </Button>
          </Group>
          <FormError error={otherError(add.error)} />
        </form>
      </Paper>

      <Text size="sm">祝日は自動で休園日として表示されます（削除できません）。土曜日・日曜日は表示していません。</Text>
      {byMonth(profile.closed_days).map(([month, days]) => (
        <section key={month} aria-labelledby={`month-${month}`}>
          <Title order={3} size="h5" id={`month-${month}`} mb={4}>
            {yearMonthLabel(month)}
          </Title>
          <Table verticalSpacing={4} withTableBorder data-testid={`closed-days-${month}`}>
            <Table.Tbody>
              {days.map((day) => (
                <Table.Tr key={`${day.date}-${day.id ?? 'holiday'}`}>
                  <Table.Td w={140}>{monthDayLabel(day.date)}</Table.Td>
                  <Table.Td>{day.name}</Table.Td>
                  <Table.Td w={120}>
                    {day.public_holiday ? (
                      <Badge variant="light" color="gray" c="dark.6">
                        祝日
                      </Badge>
                    ) : (
                      <Badge variant="light" color="brand" c="brand.9">
                        休園日
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td w={110} ta="right">
                    {day.id !== null && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="sm"
                        onClick={() => void onDelete(day)}
                        aria-label={`${monthDayLabel(day.date)}の休園日を削除`}
                      >
                        削除
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </Stack>
  );
}
