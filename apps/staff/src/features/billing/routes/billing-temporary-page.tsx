import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { yenLabel, type TemporaryUse } from '@renraku/contract/staff';
import { addMonths, slashDate, yearMonthLabel } from '@renraku/contract/dates';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useBillingChildren } from '../api';
import { useFeeRules, useTemporaryUses, useTemporaryWrites } from '../fees-api';
import { BillingNav } from '../components/billing-nav';
import { TemporaryRatesForm } from '../components/temporary-rates-form';
import { TemporaryUseForm } from '../components/temporary-use-form';
import { TemporaryBookingForm } from '../components/temporary-booking-form';
import { TemporaryBookings } from '../components/temporary-bookings';
import { useTemporaryBookings } from '../temporary-api';

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** Where the use's times come from; a booking's plan is flagged for the 事務 to check. */
function SourceCell({ use }: { use: TemporaryUse }) {
  if (use.source === 'record') return <Text size="sm">手入力</Text>;
  if (use.source === 'attendance') return <Text size="sm">登降園の記録</Text>;
  return (
    // Wrapped, not cut with an ellipsis, in the narrow column of an upright tablet.
    <Badge color="yellow" variant="light" c="dark.7" radius="sm" h="auto" py={2} styles={{ label: { whiteSpace: 'normal' } }}>
      予約の時刻（登降園の記録なし）
    </Badge>
  );
}

/**
 * 一時預かり (spec §2; billing-temporary-care.md): the month's bookings by day and a booking, the
 * month's uses with their price and where their times come from (the day's arrival and pick-up, a
 * booking's plan, the 事務's record), a use recorded or corrected by the 事務, and the prices.
 */
export function BillingTemporaryPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const month = isMonth(search.get('month')) ? search.get('month')! : today.slice(0, 7);
  const uses = useTemporaryUses(facility.id, month);
  const bookings = useTemporaryBookings(facility.id, month);
  const rules = useFeeRules(facility.id);
  const kids = useBillingChildren(facility.id, month);
  const { remove } = useTemporaryWrites(facility.id);
  const go = (m: string) => setSearch({ month: m }, { replace: true });
  if (uses.isPending || rules.isPending || bookings.isPending) return <Loading />;
  if (uses.error) return <FormError error={uses.error} />;
  if (bookings.error) return <FormError error={bookings.error} />;
  if (rules.error) return <FormError error={rules.error} />;
  const day = month === today.slice(0, 7) ? today : `${month}-01`;
  const children = (kids.data?.children ?? []).map((c) => ({ id: c.id, name: c.name }));
  return (
    <Page title="一時預かり" size="xl">
      <BillingNav facilityId={facility.id} />
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="md" onClick={() => go(addMonths(month, -1))}>
          前の月
        </Button>
        <Title order={2} size="h3">
          {yearMonthLabel(month)}
        </Title>
        <Button variant="default" size="md" onClick={() => go(addMonths(month, 1))}>
          次の月
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Title order={2} size="h3">
            予約
          </Title>
          <TemporaryBookings facilityId={facility.id} bookings={bookings.data} />
          <TemporaryBookingForm
            key={month}
            facilityId={facility.id}
            day={month < today.slice(0, 7) ? today : day}
            children={children}
            onDone={() => showSuccess('一時預かりを予約しました')}
          />
        </Stack>
      </Paper>
      <Title order={2} size="h3">
        利用と料金
      </Title>
      {uses.data.length === 0 ? (
        <Text>この月の一時預かりの記録はありません。</Text>
      ) : (
        <TableScroll label="一時預かりの利用" minWidth={760}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">利用日</Table.Th>
                <Table.Th scope="col">園児</Table.Th>
                <Table.Th scope="col">時間</Table.Th>
                <Table.Th scope="col">時刻の出どころ</Table.Th>
                <Table.Th scope="col">料金</Table.Th>
                <Table.Th scope="col">操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uses.data.map((u) => (
                <Table.Tr key={u.id ?? `booking-${u.booking_id}`} data-testid="temporary-use">
                  <Table.Td>{slashDate(u.date)}</Table.Td>
                  <Table.Td>{u.child_name}</Table.Td>
                  <Table.Td>
                    {u.start}〜{u.end}（{u.span === 'half' ? '半日' : '1日'}）
                  </Table.Td>
                  <Table.Td>
                    <SourceCell use={u} />
                  </Table.Td>
                  <Table.Td>{yenLabel(u.amount)}</Table.Td>
                  <Table.Td>
                    {u.id === null ? (
                      <Text size="sm">直すときは「利用の記録」で</Text>
                    ) : (
                      <Button
                        variant="default"
                        size="md"
                        loading={remove.isPending && remove.variables === u.id}
                        aria-label={`${slashDate(u.date)} ${u.child_name}の記録を取り消す`}
                        onClick={() => remove.mutate(u.id!, { onSuccess: () => showSuccess('記録を取り消しました') })}
                      >
                        取り消す
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {remove.error && <FormError error={remove.error} />}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="sm">
          利用の記録（予約のない利用・時刻の修正）
        </Title>
        <TemporaryUseForm
          key={month}
          facilityId={facility.id}
          day={day}
          children={children}
          onDone={() => showSuccess('一時預かりの利用を記録しました')}
        />
      </Paper>
      <Stack gap="sm">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h3" mb="sm">
            料金の変更（月単位で適用）
          </Title>
          <TemporaryRatesForm
            key={rules.data.temporary_rates[0]?.id ?? 0}
            facilityId={facility.id}
            latest={rules.data.temporary_rates[0] ?? null}
            month={addMonths(today.slice(0, 7), 1)}
            onDone={() => showSuccess('一時預かりの料金を保存しました')}
          />
        </Paper>
      </Stack>
    </Page>
  );
}
