import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  facilityTypeLabels,
  itemFrequencyLabels,
  itemTargetLabels,
  yenLabel,
  type BillingSettings,
} from '@renraku/contract/staff';
import { addMonths, yearMonthLabel } from '@renraku/contract/dates';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useBillingClasses, useBillingSettings } from '../api';
import { BillingNav } from '../components/billing-nav';
import { FeeRulesSection } from '../components/fee-rules-section';
import { ItemConsents } from '../components/item-consents';
import { ItemForm } from '../components/item-form';
import { PaperConsentForm } from '../components/paper-consent-form';
import { SettingsForm } from '../components/settings-form';

const extensionSummary = (s: BillingSettings) =>
  [
    `${s.unit_minutes}分単位・猶予${s.grace_minutes}分・1単位${yenLabel(s.price_per_unit)}`,
    s.late_from && s.late_price_per_unit !== null ? `${s.late_from}以降${yenLabel(s.late_price_per_unit)}` : '',
    s.daily_cap !== null ? `日上限${yenLabel(s.daily_cap)}` : '',
    s.monthly_cap !== null ? `月上限${yenLabel(s.monthly_cap)}` : '',
    s.flat_monthly !== null ? `月極${yenLabel(s.flat_monthly)}` : '',
  ]
    .filter(Boolean)
    .join('、');

/** 料金設定 (spec §2): the dated fee rules (a change applies from a month on) and the 実費 items. */
export function BillingSettingsPage() {
  const facility = useFacility();
  const data = useBillingSettings(facility.id);
  const classes = useBillingClasses(facility.id);
  const nextMonth = addMonths(todayInTokyo().slice(0, 7), 1);
  if (data.isPending) return <Loading />;
  if (data.error) return <FormError error={data.error} />;
  const { settings, items } = data.data;
  const className = new Map((classes.data ?? []).map((c) => [c.id, c.name]));
  return (
    <Page title="料金設定" size="xl">
      <BillingNav facilityId={facility.id} />
      <Stack gap="sm">
        <Title order={2} size="h3">
          料金の履歴
        </Title>
        {settings.length === 0 ? (
          <Text>まだ料金設定がありません。下のフォームで登録してください。</Text>
        ) : (
          <TableScroll label="料金の履歴" minWidth={900}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">適用開始</Table.Th>
                  <Table.Th scope="col">施設類型</Table.Th>
                  <Table.Th scope="col">標準／短時間</Table.Th>
                  <Table.Th scope="col">延長保育料</Table.Th>
                  <Table.Th scope="col">副食費／主食費</Table.Th>
                  <Table.Th scope="col">期日</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{yearMonthLabel(s.valid_from)}〜</Table.Td>
                    <Table.Td>{facilityTypeLabels[s.facility_type]}</Table.Td>
                    <Table.Td>
                      {s.standard_window.start}〜{s.standard_window.end}／{s.short_window.start}〜{s.short_window.end}
                    </Table.Td>
                    <Table.Td>{extensionSummary(s)}</Table.Td>
                    <Table.Td>
                      {yenLabel(s.side_dish_fee)}／{yenLabel(s.staple_fee)}
                    </Table.Td>
                    <Table.Td>翌月{s.due_day}日</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="sm">
          料金の変更（月単位で適用）
        </Title>
        <SettingsForm
          key={settings[0]?.id ?? 0}
          facilityId={facility.id}
          latest={settings[0] ?? null}
          month={nextMonth}
          onDone={() => showSuccess('料金設定を保存しました')}
        />
      </Paper>
      <FeeRulesSection facilityId={facility.id} month={nextMonth} />
      <Stack gap="sm">
        <Title order={2} size="h3">
          実費（同意いただいた園児のみ請求）
        </Title>
        {items.length === 0 ? (
          <Text>実費の品目はありません。</Text>
        ) : (
          <TableScroll label="実費の品目" minWidth={800}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">品目</Table.Th>
                  <Table.Th scope="col">金額</Table.Th>
                  <Table.Th scope="col">頻度・期間</Table.Th>
                  <Table.Th scope="col">対象</Table.Th>
                  <Table.Th scope="col">保護者への説明</Table.Th>
                  <Table.Th scope="col">同意</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{i.name}</Table.Td>
                    <Table.Td>{yenLabel(i.amount)}</Table.Td>
                    <Table.Td>
                      {itemFrequencyLabels[i.frequency]}（{yearMonthLabel(i.month_from)}
                      {i.frequency === 'monthly' ? `〜${i.month_until ? yearMonthLabel(i.month_until) : ''}` : ''}）
                    </Table.Td>
                    <Table.Td>
                      {i.target === 'class' ? (className.get(i.class_id!) ?? 'クラス') : itemTargetLabels[i.target]}
                    </Table.Td>
                    <Table.Td>{i.explanation}</Table.Td>
                    <Table.Td>
                      <ItemConsents consents={i.consents} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {items.length > 0 && (
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h4" mb="sm">
              書面の同意・取り下げ
            </Title>
            <PaperConsentForm
              facilityId={facility.id}
              month={addMonths(nextMonth, -1)}
              items={items}
              onDone={(kind) => showSuccess(kind === 'consent' ? '書面の同意を記録しました' : '取り下げを記録しました')}
            />
          </Paper>
        )}
        <Paper withBorder p="md" radius="md">
          <ItemForm
            facilityId={facility.id}
            month={nextMonth}
            classes={classes.data ?? []}
            onDone={() => showSuccess('実費を追加しました')}
          />
        </Paper>
      </Stack>
    </Page>
  );
}
