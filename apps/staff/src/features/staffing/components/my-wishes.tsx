import { Button, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { datesOfMonth, monthDayShortLabel, weekdayOf, yearMonthLabel } from '@renraku/contract/dates';
import { getStaffMyWishes, putStaffMyWishes, wishMessages, type MyWishes } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { api } from '../../../lib/api';

/** 来月の希望休 (staffing.md §3; docs/decisions/staffing-wishes.md): days tapped on and off, sent until the deadline. */
export function MyWishesSection({ facilityId, month }: { facilityId: number; month: string }) {
  const queryKey = ['staff', 'staffing', facilityId, 'my-wishes', month];
  const wishes = useQuery({ queryKey, queryFn: () => api(getStaffMyWishes, { params: { facilityId }, query: { month } }) });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-wishes-title" data-testid="my-wishes">
      <Title order={2} size="h4" id="my-wishes-title" mb="xs">
        {yearMonthLabel(month)}の希望休
      </Title>
      {wishes.error ? (
        <FormError error={wishes.error} />
      ) : !wishes.data ? (
        <Loading />
      ) : (
        <WishForm key={wishes.data.dates.join()} facilityId={facilityId} wishes={wishes.data} queryKey={queryKey} />
      )}
    </Paper>
  );
}

function WishForm({ facilityId, wishes, queryKey }: { facilityId: number; wishes: MyWishes; queryKey: unknown[] }) {
  const client = useQueryClient();
  const [dates, setDates] = useState<string[]>(wishes.dates);
  const save = useMutation({
    mutationFn: () => api(putStaffMyWishes, { params: { facilityId }, body: { month: wishes.month, dates } }),
    onSuccess: (data) => {
      client.setQueryData(queryKey, data);
      showSuccess(wishMessages.saved);
    },
    onError: showFailure,
  });
  const deadline = `${Number(wishes.deadline.slice(5, 7))}月${Number(wishes.deadline.slice(8))}日`;
  if (!wishes.open) {
    return (
      <Stack gap={4}>
        <Text size="sm">締切（{deadline}）を過ぎました。</Text>
        <Text size="sm">
          {wishes.dates.length === 0 ? '希望休はありません。' : wishes.dates.map(monthDayShortLabel).join('、')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">休みたい日をタップして「送信」してください（締切：{deadline}）。</Text>
      <Chip.Group multiple value={dates} onChange={setDates}>
        <Group gap={6} role="group" aria-label="希望休の日">
          {datesOfMonth(wishes.month).map((d) => (
            <Chip key={d} value={d} size="md" aria-label={`${monthDayShortLabel(d)}（${weekdayOf(d)}）`}>
              {Number(d.slice(8))}
              {weekdayOf(d)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {dates.length}日選択中
        </Text>
        <Button size="md" onClick={() => save.mutate()} loading={save.isPending}>
          送信
        </Button>
      </Group>
    </Stack>
  );
}
