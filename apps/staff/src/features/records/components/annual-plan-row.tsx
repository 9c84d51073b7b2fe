import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { AnnualPlanSlot } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { facilityPath } from '../../../lib/facility';
import { useOpenAnnualPlan } from '../plans-api';
import { StateBadge } from './state-badge';

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
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>{slot.label}</Text>
            <StateBadge state={slot.state} />
            {slot.document?.approved && (
              <Text size="sm" c="dark.6">
                承認 {slot.document.approved.by.name}
              </Text>
            )}
          </Group>
          {slot.document ? (
            <Button
              component={Link}
              to={facilityPath(facilityId, `records/doc/${slot.document.id}`)}
              size="md"
              variant="light"
              aria-label={`${slot.label}を開く`}
            >
              開く
            </Button>
          ) : canWrite ? (
            <Button size="md" onClick={onCreate} loading={open.isPending}>
              年間指導計画を作成
            </Button>
          ) : null}
        </Group>
        {!slot.document && (
          <Text size="sm" mt="xs" c="dark.6">
            {canWrite ? annualSourceText(slot) : 'この年度の年間指導計画はまだ作成されていません。'}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
