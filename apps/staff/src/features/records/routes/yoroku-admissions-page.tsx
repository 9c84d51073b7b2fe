import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { idFrom } from '@renraku/ui';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { StateBadge } from '../components/state-badge';
import { useYorokuAdmissions } from '../yoroku-api';

const stateOf = (status: string) =>
  (({ draft: 'writing', submitted: 'waiting', returned: 'returned', approved: 'done' }) as const)[
    status as 'draft' | 'submitted' | 'returned' | 'approved'
  ] ?? 'writing';

/**
 * `/f/:facilityId/records/class/:classId/admissions?year=`: the 入所に関する記録 of the class's 要録,
 * read-only, for the roster (records.md §7: the 事務 reads them; never the 保育に関する記録).
 */
export function YorokuAdmissionsPage() {
  const classId = idFrom(useParams().classId);
  const [search] = useSearchParams();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : null;
  const query = useYorokuAdmissions(classId ?? 0, year);
  if (!classId) return <NotFound />;
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  const data = query.data;
  return (
    <Page title={`${data.class.name}の要録 入所に関する記録（${data.fiscal_year}年度）`}>
      <Text size="sm" c="dark.6">
        要録の入所に関する記録を名簿の確認のために閲覧できます（保育に関する記録は表示されません）。閲覧は記録に残ります。
      </Text>
      {data.children.length === 0 && <Alert color="gray">このクラスに要録を作る園児がいません。</Alert>}
      {data.children.map((child) => (
        <Paper
          key={child.id}
          withBorder
          p="md"
          radius="md"
          component="section"
          aria-label={`${child.name}さん`}
          data-qa="admission-child"
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {child.name}
              {child.left ? '（退所）' : ''}
            </Title>
            {child.document ? (
              <>
                <StateBadge state={stateOf(child.document.status)} />
                <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
                  {child.fields.map((f) => (
                    <div key={f.key}>
                      <Text component="dt" size="sm" c="dark.6">
                        {f.label}
                      </Text>
                      <Text component="dd" m={0} fw={500}>
                        {f.value || '（未記入）'}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              </>
            ) : (
              <Text>要録はまだ作られていません。</Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Page>
  );
}
