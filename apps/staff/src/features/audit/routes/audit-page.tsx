import { Button, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { useFacility } from '../../../lib/facility';
import { auditCsvUrl, useAudit, useAuditSubjects } from '../api';
import { AuditFilters } from '../components/audit-filters';
import { AuditPagination } from '../components/audit-pagination';
import { AuditTable } from '../components/audit-table';
import { filterFromParams, paramsFromFilter } from '../filter-params';

/**
 * `/staff/f/:facilityId/audit` (staff.md §2): the facility's audit log, newest first, filtered by
 * person, child and day, 50 a page, and the same filters as a CSV download (directors only).
 */
export function AuditPage() {
  const facility = useFacility();
  const [params, setParams] = useSearchParams();
  const { filter, page } = filterFromParams(params);
  const audit = useAudit(facility.id, filter, page);
  // Every member and child the facility ever had, not only those on the page shown (issue 29).
  const subjects = useAuditSubjects(facility.id);

  return (
    <Page
      title="監査ログ"
      size="xl"
      actions={
        <Button component="a" href={auditCsvUrl(facility.id, filter)} download variant="default">
          CSVダウンロード
        </Button>
      }
    >
      <Text c="dimmed">園児の個人情報の閲覧と、すべての変更の記録です。記録は変更・削除できません。</Text>
      <AuditFilters
        key={JSON.stringify(filter)}
        value={filter}
        people={subjects.data?.people ?? []}
        kids={subjects.data?.children ?? []}
        onApply={(next) => setParams(paramsFromFilter(next))}
      />
      {subjects.error && <FormError error={subjects.error} />}
      {audit.isPending ? (
        <Loading />
      ) : audit.error ? (
        <FormError error={audit.error} />
      ) : (
        <Stack gap="md">
          {audit.data.data.length === 0 ? (
            <Text py="lg" ta="center">
              条件に合う記録はありません。
            </Text>
          ) : (
            <AuditTable entries={audit.data.data} />
          )}
          <AuditPagination
            total={audit.data.total}
            perPage={audit.data.per_page}
            page={page}
            onChange={(next) => setParams(paramsFromFilter(filter, next))}
          />
        </Stack>
      )}
    </Page>
  );
}
