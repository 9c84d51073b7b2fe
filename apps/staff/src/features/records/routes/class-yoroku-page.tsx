import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ClassYoroku } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { dateTimeLabel } from '@renraku/ui/dates';
import { isPairedDevice } from '../../../lib/device-flag';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { YorokuFocusForm } from '../components/yoroku-focus-form';
import { classYorokuZipUrl, useClassYoroku, useOpenYoroku } from '../yoroku-api';

/**
 * `/f/:facilityId/records/class/:classId/yoroku?year=YYYY`: the class's 保育所児童保育要録 (records.md
 * §5; issue 33): the class's 最終年度の重点, each final-year child's 要録 and its state, and every
 * 要録 of the class as PDFs in one ZIP for the 小学校.
 */
export function ClassYorokuPage() {
  const classId = idFrom(useParams().classId);
  const [search] = useSearchParams();
  const asked = search.get('year');
  const year = asked && /^\d{4}$/.test(asked) ? Number(asked) : null;
  if (!classId) return <NotFound />;
  return <ClassYorokuScreen classId={classId} year={year} />;
}

type Child = ClassYoroku['children'][number];
type YorokuState = 'missing' | 'writing' | 'submitted' | 'approved';

const looks: Record<YorokuState, { label: string; color: string }> = {
  missing: { label: '未作成', color: 'red' },
  writing: { label: '作成中', color: 'blue' },
  submitted: { label: '提出済', color: 'yellow' },
  approved: { label: '承認済', color: 'teal' },
};

/** A child's 要録 state: 未作成, 作成中 (a draft or one given back), 提出済 (waiting for the 園長), 承認済. */
export function yorokuState(child: Child): YorokuState {
  const status = child.document?.status;
  if (!status) return 'missing';
  if (status === 'submitted') return 'submitted';
  if (status === 'approved') return 'approved';
  return 'writing';
}

function ClassYorokuScreen({ classId, year }: { classId: number; year: number | null }) {
  const facility = useFacility();
  const navigate = useNavigate();
  const query = useClassYoroku(classId, year);
  const open = useOpenYoroku(classId, year);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  const data = query.data;
  const docPath = (id: number) => facilityPath(facility.id, `records/doc/${id}`);
  const onCreate = (child: Child) =>
    open.mutate(
      { childId: child.id, year: data.fiscal_year },
      { onSuccess: (doc) => navigate(docPath(doc.document.id)), onError: showFailure },
    );
  const made = data.children.filter((c) => c.document).length;
  const row = (child: Child) => {
    const state = yorokuState(child);
    const look = looks[state];
    return (
      <Paper key={child.id} withBorder p="sm" radius="md" data-qa="yoroku-child">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="wrap">
            <Text fw={600}>{child.name}</Text>
            <Badge variant="light" color={look.color} size="lg">
              <Text span size="sm" fw={700} c="dark.8">
                {look.label}
              </Text>
            </Badge>
            {child.document?.status === 'returned' && (
              <Text size="sm" c="orange.9">
                差し戻しあり
              </Text>
            )}
            {child.document?.approved && (
              <Text size="sm" c="dark.6">
                承認 {child.document.approved.by.name}（{dateTimeLabel(child.document.approved.at)}）
              </Text>
            )}
            {child.left && (
              <Text size="sm" c="dark.6">
                退所済み
              </Text>
            )}
          </Group>
          {child.document ? (
            <Button
              component={Link}
              to={docPath(child.document.id)}
              size="md"
              variant="light"
              aria-label={`${child.name}さんの要録を開く`}
            >
              開く
            </Button>
          ) : data.can_write && !child.left ? (
            <Button
              size="md"
              onClick={() => onCreate(child)}
              loading={open.isPending && open.variables?.childId === child.id}
              aria-label={`${child.name}さんの要録を作る`}
            >
              作る
            </Button>
          ) : null}
        </Group>
      </Paper>
    );
  };
  return (
    <Page
      title={`${data.class.name}の保育所児童保育要録（${data.fiscal_year}年度）`}
      actions={
        <Anchor component={Link} to={facilityPath(facility.id, `records/${data.class.id}`)}>
          {data.class.name}の計画・記録へ
        </Anchor>
      }
    >
      <YorokuFocusForm key={data.focus.updated_at ?? 'blank'} data={data} year={year} />
      <Stack gap="xs" component="section" aria-labelledby="yoroku-children-title">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="yoroku-children-title">
            最終年度の園児（{data.children.length}名）
          </Title>
          {/* The ZIP is a desktop's (records.export); a class tablet opens each child's 要録. */}
          {!isPairedDevice() && made > 0 && (
            <Button component="a" href={classYorokuZipUrl(data.class.id, data.fiscal_year)} download size="md" variant="default">
              要録をまとめてダウンロード（ZIP）
            </Button>
          )}
        </Group>
        {data.children.length === 0 ? (
          <Alert color="gray" variant="light">
            このクラスに、この年度の最終年度（5歳児）の園児はいません。
          </Alert>
        ) : (
          data.children.map(row)
        )}
        {made === 0 && data.children.length > 0 && (
          <Text size="sm" c="dark.6">
            要録を作ると、まとめてダウンロード（ZIP）できます。
          </Text>
        )}
      </Stack>
    </Page>
  );
}
