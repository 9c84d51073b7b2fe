import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import type { OverallPlan } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Page } from '../../../components/page';
import { Loading } from '@renraku/ui/loading';
import { dateTimeLabel, todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { useOpenOverallPlan, useOverallPlan } from '../plans-api';
import { StateBadge } from '../components/state-badge';

const sourceText = (plan: OverallPlan) =>
  plan.source
    ? `${plan.source.fiscal_year}年度の全体的な計画を写して作成します。`
    : '前年度の全体的な計画がないため、様式から新しく作成します。';

/**
 * `/f/:facilityId/records/overall?year=YYYY`: the facility's 全体的な計画 of a 年度 (records.md §2, §7;
 * records-plans-screens.md): every 保育士 reads it; the 園長 and 法人管理者 create it (from last
 * 年度's or the template, after a confirm) and write it together as any plan.
 */
export function OverallPlanPage() {
  const facility = useFacility();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const current = fiscalYearOf(todayInTokyo());
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= current + 1 ? asked : current;
  const query = useOverallPlan(facility.id, year);
  const open = useOpenOverallPlan(facility.id);
  const go = (y: number) => setSearch({ year: String(y) });
  const onCreate = async (plan: OverallPlan) => {
    const yes = await confirm({
      title: '全体的な計画を作成',
      message: `${year}年度の全体的な計画を作成しますか？${sourceText(plan)}`,
      confirmLabel: '作成する',
    });
    if (!yes) return;
    open.mutate(year, {
      onSuccess: (doc) => navigate(facilityPath(facility.id, `records/doc/${doc.document.id}`)),
      onError: showFailure,
    });
  };
  const plan = query.data;
  return (
    <Page title="全体的な計画">
      <Text>保育所保育指針にもとづく、園の保育の全体像です。園長・法人管理者が作成し、職員はいつでも読めます。</Text>
      <Group justify="space-between">
        <Button variant="default" size="md" onClick={() => go(year - 1)}>
          前の年度
        </Button>
        <Title order={2} size="h3">
          {year}年度
        </Title>
        <Button variant="default" size="md" onClick={() => go(year + 1)} disabled={year >= current + 1}>
          次の年度
        </Button>
      </Group>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <FormError error={query.error} />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="wrap">
                <Text fw={700}>{year}年度 全体的な計画</Text>
                <StateBadge state={plan!.state} />
                {plan!.document && <Text size="sm">第{plan!.document.version}版</Text>}
                {plan!.document?.approved && (
                  <Text size="sm">
                    承認：{plan!.document.approved.by.name}（{dateTimeLabel(plan!.document.approved.at)}）
                  </Text>
                )}
              </Group>
              {plan!.document ? (
                <Button
                  component={Link}
                  to={facilityPath(facility.id, `records/doc/${plan!.document.id}`)}
                  size="md"
                  aria-label={`${year}年度の全体的な計画を開く`}
                >
                  開く
                </Button>
              ) : plan!.can_create ? (
                <Button size="md" onClick={() => onCreate(plan!)} loading={open.isPending}>
                  全体的な計画を作成
                </Button>
              ) : null}
            </Group>
            {!plan!.document && (
              <Text size="sm" c="dark.6">
                {plan!.can_create ? sourceText(plan!) : 'この年度の全体的な計画はまだ作成されていません。'}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {plan && plan.years.length > 0 && (
        <Alert color="gray" variant="light" title="作成済みの年度">
          <Group gap="md">
            {plan.years.map((y) => (
              <Button
                key={y}
                size="md"
                variant={y === year ? 'light' : 'subtle'}
                aria-current={y === year ? 'true' : undefined}
                onClick={() => go(y)}
              >
                {y}年度
              </Button>
            ))}
          </Group>
        </Alert>
      )}
    </Page>
  );
}
