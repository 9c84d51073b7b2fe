import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { StaffChildListItem } from '@renraku/contract/staff';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fiscalYearOf } from '@renraku/contract/dates';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { idFrom } from '@renraku/ui';
import { useChildren, useClasses, useCreateChild, type RosterFilter } from '../api';
import { ChildFormModal } from '../components/child-form-modal';
import { ChildrenTable } from '../components/children-table';
import { RosterFilters } from '../components/roster-filters';
import { childName } from '../labels';
import { searchChildren } from '../search';

/** The guardians' お迎え登録者 proposals waiting among the children shown (each child's row has its own badge). */
function PickupProposalsNotice({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Alert color="red" variant="light" title="お迎え登録者の申請" data-testid="pickup-proposals">
      保護者からのお迎え登録者の申請が{count}件あります。「お迎え申請」の付いた園児を開いて、承認または却下してください。
    </Alert>
  );
}

/** The roster, the children registered for 一時預かり only apart from the classes (billing-temporary-care.md). */
function RosterTables({ facilityId, children }: { facilityId: number; children: StaffChildListItem[] }) {
  const temporary = children.filter((c) => c.temporary_only);
  const regular = children.filter((c) => !c.temporary_only);
  return (
    <>
      {regular.length > 0 && <ChildrenTable facilityId={facilityId} children={regular} />}
      {temporary.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            一時預かりのみの園児（{temporary.length}人）
          </Title>
          <ChildrenTable
            facilityId={facilityId}
            children={temporary}
            label="一時預かりのみの園児"
            testId="temporary-children-table"
          />
        </Stack>
      )}
    </>
  );
}

/** The filter in the URL (`?class=3&left=1&q=やま`), so that a link or a reload keeps it. */
function filterFrom(params: URLSearchParams): RosterFilter & { query: string } {
  return { classId: idFrom(params.get('class')), includeLeft: params.get('left') === '1', query: params.get('q') ?? '' };
}

function paramsOf(filter: RosterFilter & { query: string }): Record<string, string> {
  return {
    ...(filter.classId ? { class: String(filter.classId) } : {}),
    ...(filter.includeLeft ? { left: '1' } : {}),
    ...(filter.query ? { q: filter.query } : {}),
  };
}

/**
 * `/staff/f/:facilityId/children` (staff.md §3): the roster, by class, with or without the children
 * who have left, searched by name or kana; 「園児を登録」 and the CSV import for roster.write roles.
 */
export function ChildrenPage() {
  const facility = useFacility();
  const canWrite = roleAbilities(facility.role).rosterWrite;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { query, ...filter } = filterFrom(params);
  const children = useChildren(facility.id, filter);
  const found = children.data ? searchChildren(children.data, query) : [];
  const classes = useClasses(facility.id, fiscalYearOf(todayInTokyo()));
  const create = useCreateChild(facility.id);
  const [adding, setAdding] = useState(false);
  // The count says what it counts, so that it is never read as another filter's.
  const className = classes.data?.find((c) => c.id === filter.classId)?.name;
  const shownLabel = `${filter.classId ? (className ?? 'クラス') : 'すべてのクラス'}${filter.includeLeft ? '（退所を含む）' : ''}${
    query.trim() ? `・「${query.trim()}」で検索` : ''
  }`;

  const actions = canWrite && (
    <Group gap="sm">
      <Button variant="default" component={Link} to={facilityPath(facility.id, 'children/import')}>
        CSVで取り込む
      </Button>
      <Button onClick={() => setAdding(true)}>園児を登録</Button>
    </Group>
  );

  return (
    <Page title="園児一覧" size="xl" actions={actions}>
      <RosterFilters
        classes={classes.data ?? []}
        filter={filter}
        query={query}
        onChange={(next) => setParams(paramsOf({ query, ...next }), { replace: true, preventScrollReset: true })}
        onQueryChange={(next) => setParams(paramsOf({ ...filter, query: next }), { replace: true, preventScrollReset: true })}
      />
      {children.isPending ? (
        <Loading />
      ) : children.error ? (
        <FormError error={children.error} />
      ) : (
        <>
          <Text size="sm" aria-live="polite" data-testid="children-count">
            {shownLabel}：{found.length}人
          </Text>
          <PickupProposalsNotice count={children.data.reduce((n, c) => n + c.pickup_proposals, 0)} />
          {found.length === 0 ? (
            <Text py="lg" ta="center">
              該当する園児はいません。
            </Text>
          ) : (
            <RosterTables facilityId={facility.id} children={found} />
          )}
        </>
      )}
      {adding && (
        <ChildFormModal
          facilityId={facility.id}
          child={null}
          title="園児を登録"
          submitLabel="登録する"
          mutation={create}
          onClose={(saved) => {
            setAdding(false);
            create.reset();
            if (!saved) return;
            showSuccess(`${childName(saved)}さんを登録しました`);
            void navigate(facilityPath(facility.id, `children/${saved.id}`));
          }}
        />
      )}
    </Page>
  );
}
