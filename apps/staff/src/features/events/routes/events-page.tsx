import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { addMonths, monthDayLabel, yearMonthLabel } from '@renraku/contract/dates';
import type { StaffEvent } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useDeleteEvent, useEventClasses, useMonthEvents } from '../api';
import { EventForm, targetsFor, WHOLE_FACILITY } from '../components/event-form';

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * 行事予定 (staff.md §5): the facility's events of a month, facility-wide or for a class, as the
 * guardians' calendars and iCal feeds show them. The month lives in the URL (`?month=`).
 */
export function EventsPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const month = isMonth(search.get('month')) ? search.get('month')! : today.slice(0, 7);
  const events = useMonthEvents(facility.id, month);
  const classes = useEventClasses(facility.id, month);
  const remove = useDeleteEvent(facility.id);
  const [editing, setEditing] = useState<{ event: StaffEvent | null } | null>(null);
  const targets = classes.data ? targetsFor(classes.data, facility.role, facility.class_ids) : [];
  const goTo = (next: string) => setSearch(next === today.slice(0, 7) ? {} : { month: next }, { replace: true });
  const firstDay = month === today.slice(0, 7) ? today : `${month}-01`;

  const onDelete = async (event: StaffEvent) => {
    const ok = await confirm({
      title: '行事の削除',
      message: `${monthDayLabel(event.date)}の「${event.name}」を削除しますか？保護者のカレンダーからも消えます。`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(event.id, { onSuccess: (res) => showSuccess(res.message), onError: (e) => showFailure(e) });
  };

  return (
    <Page
      title="行事予定"
      actions={
        targets.length > 0 && (
          <Button size="md" onClick={() => setEditing({ event: null })}>
            行事を追加
          </Button>
        )
      }
    >
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="md" onClick={() => goTo(addMonths(month, -1))} aria-label="前の月">
          ‹ 前の月
        </Button>
        <Title order={2} size="h3" aria-live="polite">
          {yearMonthLabel(month)}
        </Title>
        <Button variant="default" size="md" onClick={() => goTo(addMonths(month, 1))} aria-label="次の月">
          次の月 ›
        </Button>
      </Group>
      {events.isPending ? (
        <Loading />
      ) : events.error ? (
        <FormError error={events.error} />
      ) : events.data.length === 0 ? (
        <Text>この月の行事はまだありません。</Text>
      ) : (
        <Table withTableBorder verticalSpacing="sm" data-testid="event-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>日付</Table.Th>
              <Table.Th>行事</Table.Th>
              <Table.Th w={150}>対象</Table.Th>
              <ActionsHeader w={170} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.data.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{monthDayLabel(event.date)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text fw={600}>{event.name}</Text>
                    {event.details && (
                      <Text size="sm" c="dark.6" style={{ whiteSpace: 'pre-wrap' }}>
                        {event.details}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={event.class ? 'grape' : 'blue'} c={event.class ? 'grape.9' : 'blue.9'} size="lg">
                    {event.class?.name ?? WHOLE_FACILITY}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  {event.editable && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="md"
                        onClick={() => setEditing({ event })}
                        aria-label={`「${event.name}」を編集`}
                      >
                        編集
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        c="red.9"
                        size="md"
                        onClick={() => void onDelete(event)}
                        aria-label={`「${event.name}」を削除`}
                      >
                        削除
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.event ? '行事の変更' : '行事の追加'}
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {editing && (
          <EventForm
            facilityId={facility.id}
            event={editing.event}
            date={firstDay}
            targets={targets}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              showSuccess(message);
            }}
          />
        )}
      </Modal>
    </Page>
  );
}
