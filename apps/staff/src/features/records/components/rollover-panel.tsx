import { useState } from 'react';
import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import type { RecordRollover } from '@renraku/contract/staff';
import { todayInTokyo } from '@renraku/ui/dates';
import { Loading } from '@renraku/ui/loading';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { TableScroll } from '../../../components/table-scroll';
import { facilityPath } from '../../../lib/facility';
import { useRollover, useRolloverPreview } from '../setup-api';

type State = RecordRollover['classes'][number]['state'];
const stateLabels: Record<State, string> = {
  will_create: '作成します',
  created: '作成しました',
  existed: '作成済み',
  no_source: '元にする計画がありません',
};
const ageLabel = (band: number | null) => (band === null ? '異年齢' : `${band}歳児`);

/**
 * 年度更新 (records.md §2; records-rollover.md): the next 年度's 全体的な計画 and each class's
 * 年間指導計画 started as drafts from this year's, shown first as they would be made, run after a
 * confirm. From January to March the default is this 年度 → next; from April, last 年度 → this.
 */
export function RolloverPanel({ facilityId }: { facilityId: number }) {
  const today = todayInTokyo();
  const current = fiscalYearOf(today);
  const month = Number(today.slice(5, 7));
  const [from, setFrom] = useState(month <= 3 ? current : current - 1);
  const preview = useRolloverPreview(facilityId, from);
  const run = useRollover(facilityId);
  const options = [current - 1, current].map((y) => ({ value: String(y), label: `${y}年度 → ${y + 1}年度` }));
  const onRun = async () => {
    const ok = await confirm({
      title: '年度更新',
      message: `${from + 1}年度の全体的な計画と年間指導計画を、${from}年度の内容を写した下書きとして作成します。作成済みのものはそのままです。よろしいですか？`,
      confirmLabel: '年度更新を実行',
    });
    if (!ok) return;
    run.mutate(from, {
      onSuccess: (answer) => showSuccess(`${answer.created_count}件の計画を作成しました`),
      onError: showFailure,
    });
  };
  const data = preview.data;
  const toCreate = data
    ? Number(data.overall_plan.state === 'will_create') + data.classes.filter((c) => c.state === 'will_create').length
    : 0;
  return (
    <Stack gap="md">
      <Text size="sm" c="dark.6">
        新しい年度のクラスごとに、同じ年齢のクラスの年間指導計画を写して下書きを作ります。期の区切りは施設の設定をそのまま引き継ぎます。
      </Text>
      {/* A native select: two choices, no floating dropdown on a page as long as the template editor's. */}
      <NativeSelect
        label="更新する年度"
        data={options}
        value={String(from)}
        onChange={(e) => setFrom(Number(e.currentTarget.value))}
        size="md"
        maw={280}
      />
      {preview.isPending ? (
        <Loading />
      ) : preview.error ? (
        <FormError error={preview.error} />
      ) : (
        data && (
          <>
            <TableScroll label="年度更新で作成する計画" minWidth={560}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{data.to_fiscal_year}年度の計画</Table.Th>
                    <Table.Th>元にする{data.from_fiscal_year}年度の計画</Table.Th>
                    <Table.Th>状態</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>全体的な計画</Table.Td>
                    <Table.Td>{data.overall_plan.source_id ? '全体的な計画' : 'なし'}</Table.Td>
                    <Table.Td>{stateLabels[data.overall_plan.state]}</Table.Td>
                  </Table.Tr>
                  {data.classes.map((c) => (
                    <Table.Tr key={c.class_id}>
                      <Table.Td>
                        {c.class_name}（{ageLabel(c.age_band)}）の年間指導計画
                      </Table.Td>
                      <Table.Td>{c.source ? `${c.source.class_name}の年間指導計画` : 'なし'}</Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          {stateLabels[c.state]}
                          {c.document_id && (
                            <Anchor
                              component={Link}
                              to={facilityPath(facilityId, `records/doc/${c.document_id}`)}
                              aria-label={`${c.class_name}の${data.to_fiscal_year}年度の年間指導計画を開く`}
                            >
                              開く
                            </Anchor>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Text size="sm">
              引き継ぐ期：{data.terms.map((t) => `${t.label}（${t.start_month}月〜${t.end_month}月）`).join('、')}
            </Text>
            {toCreate === 0 && <Alert color="gray">作成する計画はありません。</Alert>}
            <Group>
              <Button onClick={() => void onRun()} loading={run.isPending} disabled={toCreate === 0}>
                年度更新を実行
              </Button>
            </Group>
          </>
        )
      )}
    </Stack>
  );
}
