import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { yenLabel } from '@renraku/contract/staff';
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

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * 一時預かり (spec §2; billing-temporary-care.md): the month's recorded uses with their price, a use
 * recorded by the staff (the kiosk keeps enrolled days only), and the prices by 歳児 band.
 */
export function BillingTemporaryPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const today = todayInTokyo();
  const month = isMonth(search.get('month')) ? search.get('month')! : today.slice(0, 7);
  const uses = useTemporaryUses(facility.id, month);
  const rules = useFeeRules(facility.id);
  const kids = useBillingChildren(facility.id, month);
  const { remove } = useTemporaryWrites(facility.id);
  const go = (m: string) => setSearch({ month: m }, { replace: true });
  if (uses.isPending || rules.isPending) return <Loading />;
  if (uses.error) return <FormError error={uses.error} />;
  if (rules.error) return <FormError error={rules.error} />;
  const day = month === today.slice(0, 7) ? today : `${month}-01`;
  return (
    <Page title="一時預かり" size="xl">
      <BillingNav facilityId={facility.id} />
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="md" onClick={() => go(addMonths(month, -1))}>
          前の月
        </Button>
        <Title order={2} size="h3">
          {yearMonthLabel(month)}の利用
        </Title>
        <Button variant="default" size="md" onClick={() => go(addMonths(month, 1))}>
          次の月
        </Button>
      </Group>
      {uses.data.length === 0 ? (
        <Text>この月の一時預かりの記録はありません。</Text>
      ) : (
        <TableScroll label="一時預かりの利用" minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">利用日</Table.Th>
                <Table.Th scope="col">園児</Table.Th>
                <Table.Th scope="col">時間</Table.Th>
                <Table.Th scope="col">料金</Table.Th>
                <Table.Th scope="col">操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uses.data.map((u) => (
                <Table.Tr key={u.id} data-testid="temporary-use">
                  <Table.Td>{slashDate(u.date)}</Table.Td>
                  <Table.Td>{u.child_name}</Table.Td>
                  <Table.Td>
                    {u.start}〜{u.end}（{u.span === 'half' ? '半日' : '1日'}）
                  </Table.Td>
                  <Table.Td>{yenLabel(u.amount)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="default"
                      size="md"
                      loading={remove.isPending && remove.variables === u.id}
                      aria-label={`${slashDate(u.date)} ${u.child_name}の記録を取り消す`}
                      onClick={() => remove.mutate(u.id, { onSuccess: () => showSuccess('記録を取り消しました') })}
                    >
                      取り消す
                    </Button>
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
          利用の記録
        </Title>
        <TemporaryUseForm
          key={month}
          facilityId={facility.id}
          day={day}
          children={(kids.data?.children ?? []).map((c) => ({ id: c.id, name: c.name }))}
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
