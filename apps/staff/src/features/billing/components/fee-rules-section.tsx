import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { childOrderLabel, discountableKindLabels, yenLabel, type SiblingDiscount } from '@renraku/contract/staff';
import { yearMonthLabel } from '@renraku/contract/dates';
import { FormError } from '../../../components/form-error';
import { showSuccess } from '../../../components/alerts';
import { TableScroll } from '../../../components/table-scroll';
import { Loading } from '@renraku/ui/loading';
import { useFeeRules } from '../fees-api';
import { SiblingDiscountForm } from './sibling-discount-form';

const tiersText = (d: SiblingDiscount) =>
  d.tiers.length === 0
    ? '割引なし'
    : d.tiers
        .map(
          (t, i) =>
            `${childOrderLabel(t.from_order, i === d.tiers.length - 1)} ${t.kind === 'percent' ? `${t.value}%` : `${yenLabel(t.value)}引き`}`,
        )
        .join('、');

/** 兄弟姉妹割引 and 一時預かり prices on the 料金設定 page: their history and the discount's form. */
export function FeeRulesSection({ facilityId, month }: { facilityId: number; month: string }) {
  const data = useFeeRules(facilityId);
  if (data.isPending) return <Loading />;
  if (data.error) return <FormError error={data.error} />;
  const { sibling_discounts: discounts, temporary_rates: rates } = data.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        兄弟姉妹割引
      </Title>
      {discounts.length === 0 ? (
        <Text>兄弟姉妹割引は設定されていません。</Text>
      ) : (
        <TableScroll label="兄弟姉妹割引の履歴" minWidth={700}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">適用開始</Table.Th>
                <Table.Th scope="col">割引</Table.Th>
                <Table.Th scope="col">対象の料金</Table.Th>
                <Table.Th scope="col">園外の兄姉</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {discounts.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{yearMonthLabel(d.valid_from)}〜</Table.Td>
                  <Table.Td>{tiersText(d)}</Table.Td>
                  <Table.Td>{d.applies_to.map((k) => discountableKindLabels[k]).join('・')}</Table.Td>
                  <Table.Td>{d.count_declared_older ? '数える' : '数えない'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          兄弟姉妹割引の変更（月単位で適用）
        </Title>
        <SiblingDiscountForm
          key={discounts[0]?.id ?? 0}
          facilityId={facilityId}
          latest={discounts[0] ?? null}
          month={month}
          onDone={() => showSuccess('兄弟姉妹割引を保存しました')}
        />
      </Paper>
      <Title order={2} size="h3">
        一時預かりの料金
      </Title>
      {rates.length === 0 ? (
        <Text>一時預かりの料金は設定されていません。</Text>
      ) : (
        <Text>
          {yearMonthLabel(rates[0]!.valid_from)}〜：{rates[0]!.half_day_hours}時間までは半日。
          {rates[0]!.bands.map((b) => `${b.from_age}歳児〜 半日${yenLabel(b.half_day)}・1日${yenLabel(b.full_day)}`).join('、')}
        </Text>
      )}
    </Stack>
  );
}
