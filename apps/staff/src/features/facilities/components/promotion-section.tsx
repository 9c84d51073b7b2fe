import { Alert, Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PromotionSummary } from '@renraku/contract/staff';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { facilityPath } from '../../../lib/facility';
import { useClassesOfYear, usePromote, usePromotionPreview, type PromotionBody } from '../api';
import { defaultMapping, LEAVE, PromotionMapping, type Mapping } from './promotion-mapping';

/** 進級 (staff.md §3): map each class of a 年度 to its next class, check the counts, confirm once. */
export function PromotionSection({ facilityId, currentYear }: { facilityId: number; currentYear: number }) {
  const [year, setYear] = useState(currentYear - 1);
  const from = useClassesOfYear(facilityId, year);
  const next = useClassesOfYear(facilityId, year + 1);
  return (
    <Stack gap="md" maw={960}>
      <Text size="sm">
        {`年度が替わったら、各クラスの園児を次の年度のクラスへまとめて移します。卒園・退園を選んだクラスの園児は${year + 1}年3月31日で退所になります。確定は1年度につき1回で、取り消せません。`}
      </Text>
      <NativeSelect
        label="進級元の年度"
        size="md"
        w={260}
        value={String(year)}
        onChange={(e) => setYear(Number(e.currentTarget.value))}
        data={[currentYear - 2, currentYear - 1, currentYear].map((y) => ({
          value: String(y),
          label: `${y}年度 → ${y + 1}年度`,
        }))}
      />
      {from.isPending || next.isPending ? (
        <Loading />
      ) : from.error || next.error ? (
        <FormError error={from.error ?? next.error} />
      ) : from.data.length === 0 ? (
        <Text>{year}年度のクラスがありません。</Text>
      ) : next.data.length === 0 ? (
        <Text>
          {year + 1}年度のクラスがまだありません。先に
          <Anchor component={Link} to={facilityPath(facilityId, 'classes')}>
            クラス
          </Anchor>
          の画面で作成してください。
        </Text>
      ) : (
        <PromotionSteps
          key={year}
          facilityId={facilityId}
          year={year}
          canConfirm={year < currentYear}
          initial={defaultMapping(from.data, next.data)}
          from={from.data}
          next={next.data}
        />
      )}
    </Stack>
  );
}

function PromotionSteps({
  facilityId,
  year,
  canConfirm,
  initial,
  from,
  next,
}: {
  facilityId: number;
  year: number;
  canConfirm: boolean;
  initial: Mapping;
  from: Parameters<typeof PromotionMapping>[0]['from'];
  next: Parameters<typeof PromotionMapping>[0]['next'];
}) {
  const [mapping, setMapping] = useState(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const preview = usePromotionPreview(facilityId);
  const promote = usePromote(facilityId);

  const body = (): PromotionBody | null => {
    const missing = Object.fromEntries(from.filter((c) => !mapping[c.id]).map((c) => [c.id, '進級先を選択してください']));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return null;
    return {
      from_fiscal_year: year,
      moves: from.map((c) => ({ class_id: c.id, next_class_id: mapping[c.id] === LEAVE ? null : Number(mapping[c.id]) })),
    };
  };

  const onChange = (classId: number, value: string) => {
    setMapping((m) => ({ ...m, [classId]: value }));
    // The counts shown belong to the mapping they were asked for.
    preview.reset();
  };

  const onPreview = () => {
    const b = body();
    if (b) preview.mutate(b);
  };

  const onConfirm = async (summary: PromotionSummary) => {
    const b = body();
    if (!b) return;
    const ok = await confirm({
      title: '進級の確定',
      message: `${year}年度の${summary.classes.length}クラスについて、${summary.moved_count}人を${year + 1}年度のクラスへ移し、${summary.graduated_count}人を${year + 1}年3月31日で退所にします。この操作は取り消せません。よろしいですか？`,
      confirmLabel: '進級を確定する',
    });
    if (ok) promote.mutate(b);
  };

  if (promote.data) {
    return (
      <Alert color="teal" title={promote.data.message} role="status">
        <SummaryTable summary={promote.data} />
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <PromotionMapping from={from} next={next} toYear={year + 1} mapping={mapping} onChange={onChange} errors={errors} />
      <Group>
        <Button variant="default" onClick={onPreview} loading={preview.isPending}>
          人数を確認する
        </Button>
      </Group>
      <FormError error={preview.error ?? promote.error} />
      {preview.data && (
        <Stack gap="sm" aria-live="polite">
          <SummaryTable summary={preview.data} />
          {canConfirm ? (
            <Group>
              <Button onClick={() => void onConfirm(preview.data)} loading={promote.isPending}>
                進級を確定する
              </Button>
            </Group>
          ) : (
            <Alert color="blue" variant="light">
              {year}年度の進級は{year + 1}年4月1日から確定できます。今は人数の確認のみできます。
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function SummaryTable({ summary }: { summary: PromotionSummary }) {
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing={4} data-testid="promotion-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{summary.from_fiscal_year}年度のクラス</Table.Th>
            <Table.Th>進級先</Table.Th>
            <Table.Th w={80} ta="right">
              人数
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.classes.map((c) => (
            <Table.Tr key={c.class_id}>
              <Table.Td>{c.class_name}</Table.Td>
              <Table.Td>{c.next_class_name ?? '卒園・退園'}</Table.Td>
              <Table.Td ta="right">{c.children_count}人</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fw={600}>
        進級 {summary.moved_count}人・卒園・退園 {summary.graduated_count}人
      </Text>
    </Stack>
  );
}
