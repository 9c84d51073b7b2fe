import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import type { TemporaryBooking } from '@renraku/contract/staff';
import { slashDate } from '@renraku/contract/dates';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { TableScroll } from '../../../components/table-scroll';
import { useTemporaryBookingWrites } from '../temporary-api';

/** The day's recorded times, or what is missing. */
const attendanceLabel = (b: TemporaryBooking) =>
  b.arrived_at && b.picked_up_at
    ? `${b.arrived_at}〜${b.picked_up_at}`
    : b.arrived_at
      ? `${b.arrived_at}〜（降園の記録なし）`
      : 'まだありません';

/** The month's 一時預かり bookings by day (billing-temporary-care.md): planned and recorded times, cancel before the day. */
export function TemporaryBookings({ facilityId, bookings }: { facilityId: number; bookings: TemporaryBooking[] }) {
  const { cancel } = useTemporaryBookingWrites(facilityId);
  if (bookings.length === 0) return <Text>この月の一時預かりの予約はありません。</Text>;
  const days = [...new Set(bookings.map((b) => b.date))];
  return (
    <Stack gap="md">
      {days.map((date) => (
        <Stack key={date} gap="xs">
          <Title order={3} size="h4">
            {slashDate(date)}の予約
          </Title>
          <TableScroll label={`${slashDate(date)}の一時預かりの予約`} minWidth={640}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">園児</Table.Th>
                  <Table.Th scope="col">予定</Table.Th>
                  <Table.Th scope="col">登降園の記録</Table.Th>
                  <Table.Th scope="col">操作</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings
                  .filter((b) => b.date === date)
                  .map((b) => (
                    <Table.Tr key={b.id} data-testid="temporary-booking">
                      <Table.Th scope="row" fw={400}>
                        {b.child_name}
                        {b.temporary_only && (
                          <Badge ml="xs" color="grape.9" variant="filled" radius="sm" size="sm">
                            一時預かりのみ
                          </Badge>
                        )}
                      </Table.Th>
                      <Table.Td>
                        {b.start}〜{b.end}
                      </Table.Td>
                      <Table.Td>{attendanceLabel(b)}</Table.Td>
                      <Table.Td>
                        {b.cancellable ? (
                          <Button
                            variant="default"
                            size="md"
                            loading={cancel.isPending && cancel.variables === b.id}
                            aria-label={`${slashDate(b.date)} ${b.child_name}の予約を取り消す`}
                            onClick={() => cancel.mutate(b.id, { onSuccess: () => showSuccess('予約を取り消しました') })}
                          >
                            予約を取り消す
                          </Button>
                        ) : (
                          <Text size="sm">当日以降は取り消せません</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      ))}
      {cancel.error && <FormError error={cancel.error} />}
    </Stack>
  );
}
