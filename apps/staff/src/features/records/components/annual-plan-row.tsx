import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { AnnualPlanSlot } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { facilityPath } from '../../../lib/facility';
import { useOpenAnnualPlan } from '../plans-api';
import { SlotRow } from './slot-row';

/** What a new 年間指導計画 starts from, in the confirm's words. */
export const annualSourceText = (slot: AnnualPlanSlot) =>
  slot.source
    ? `${slot.source.fiscal_year}年度の${slot.source.class_name ?? ''}の年間指導計画を写して作成します（同じ年齢のクラスの計画です）。`
    : '前年度に同じ年齢のクラスの年間指導計画がないため、様式から新しく作成します。';

/**
 * The class's 年間指導計画 of its 年度 on the class's month (records-plans-screens.md): open it, or
 * (the class's writers) create the first one, after a confirm naming what it copies.
 */
export function AnnualPlanRow({
  facilityId,
  classId,
  slot,
  canWrite,
}: {
  facilityId: number;
  classId: number;
  slot: AnnualPlanSlot;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const open = useOpenAnnualPlan(classId);
  const onCreate = async () => {
    const yes = await confirm({
      title: '年間指導計画を作成',
      message: `${slot.label}を作成しますか？${annualSourceText(slot)}`,
      confirmLabel: '作成する',
    });
    if (!yes) return;
    open.mutate(undefined, {
      onSuccess: (doc) => navigate(facilityPath(facilityId, `records/doc/${doc.document.id}`)),
      onError: showFailure,
    });
  };
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        年間指導計画
      </Title>
      <SlotRow
        facilityId={facilityId}
        label={slot.label}
        state={slot.state}
        document={slot.document}
        create={
          canWrite && (
            <Button size="md" onClick={onCreate} loading={open.isPending}>
              年間指導計画を作成
            </Button>
          )
        }
      >
        {!slot.document && (
          <Text size="sm" mt="xs" c="dark.6">
            {canWrite ? annualSourceText(slot) : 'この年度の年間指導計画はまだ作成されていません。'}
          </Text>
        )}
      </SlotRow>
    </Stack>
  );
}
