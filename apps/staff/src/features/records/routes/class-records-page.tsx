import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { addMonths, fiscalYearOf, yearMonthLabel } from '@renraku/contract/dates';
import { type ProgressRecordSlot, type RecordDocument, type RecordSlot } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { isPairedDevice } from '../../../lib/device-flag';
import { useClassRecords, useOpenClassProgress, useOpenRecord } from '../api';
import { ArchiveButton } from '../components/archive-button';
import { AnnualPlanRow } from '../components/annual-plan-row';
import { ClassChildren } from '../components/class-children';
import { SlotRow } from '../components/slot-row';

/**
 * `/f/:facilityId/records/:classId?month=YYYY-MM`: the class's 月案, 週案, 日案 (where the facility
 * writes them), the 個別指導計画 of its children under 3 and the 保育日誌 of a month, what is missing
 * or waiting.
 */
export function ClassRecordsPage() {
  const classId = idFrom(useParams().classId);
  const [search, setSearch] = useSearchParams();
  const thisMonth = todayInTokyo().slice(0, 7);
  const asked = search.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : thisMonth;
  if (!classId) return <NotFound />;
  return <ClassMonth classId={classId} month={month} thisMonth={thisMonth} go={(m) => setSearch({ month: m })} />;
}

function ClassMonth({
  classId,
  month,
  thisMonth,
  go,
}: {
  classId: number;
  month: string;
  thisMonth: string;
  go: (m: string) => void;
}) {
  const facility = useFacility();
  const navigate = useNavigate();
  const query = useClassRecords(classId, month);
  const open = useOpenRecord(classId);
  const openProgress = useOpenClassProgress(classId);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  const data = query.data;
  const opened = {
    onSuccess: (doc: RecordDocument) => navigate(facilityPath(facility.id, `records/doc/${doc.document.id}`)),
    onError: showFailure,
  };
  const onOpen = (slot: RecordSlot | ProgressRecordSlot) => {
    if (slot.document) return navigate(facilityPath(facility.id, `records/doc/${slot.document.id}`));
    if (slot.kind === 'progress_record') return openProgress.mutate({ childId: slot.child!.id, period: slot.period }, opened);
    open.mutate({ kind: slot.kind, period: slot.period, ...(slot.child ? { child_id: slot.child.id } : {}) }, opened);
  };
  const opening = (slot: RecordSlot | ProgressRecordSlot) =>
    slot.kind === 'progress_record'
      ? openProgress.isPending &&
        openProgress.variables.childId === slot.child?.id &&
        openProgress.variables.period === slot.period
      : open.isPending &&
        open.variables.kind === slot.kind &&
        open.variables.period === slot.period &&
        open.variables.child_id === slot.child?.id;
  const row = (slot: RecordSlot | ProgressRecordSlot) => (
    <SlotRow
      key={`${slot.kind}:${slot.period}:${slot.child?.id ?? ''}`}
      facilityId={facility.id}
      label={slot.label}
      state={slot.state}
      document={slot.document}
      create={
        data.can_write && (
          <Button size="md" onClick={() => onOpen(slot)} loading={opening(slot)} aria-label={`${slot.label}を書く`}>
            書く
          </Button>
        )
      }
    />
  );
  return (
    <Page
      title={`${data.class.name}の計画・記録`}
      actions={
        <Group gap="sm">
          {/* The inspection archive of the shown month's 年度, built in the background: 園長, 主任 on a desktop (records-archive-background.md). */}
          {data.can_approve && !isPairedDevice() && <ArchiveButton classId={data.class.id} year={fiscalYearOf(`${month}-01`)} />}
          {/* The 要録 is for the final year (records.md §5): a 5歳児 class, or one of mixed ages. */}
          {(data.class.age_band === 5 || data.class.age_band === null) && (
            <Button
              component={Link}
              to={facilityPath(facility.id, `records/class/${data.class.id}/yoroku`)}
              size="md"
              variant="default"
            >
              保育所児童保育要録
            </Button>
          )}
        </Group>
      }
    >
      <Group justify="space-between">
        <Button variant="default" size="md" onClick={() => go(addMonths(month, -1))}>
          前の月
        </Button>
        <Title order={2} size="h3">
          {yearMonthLabel(month)}
        </Title>
        <Button variant="default" size="md" onClick={() => go(addMonths(month, 1))} disabled={month >= thisMonth}>
          次の月
        </Button>
      </Group>
      <Alert color={data.counts.missing + data.counts.returned > 0 ? 'orange' : 'teal'} variant="light">
        未作成 {data.counts.missing}件・承認待ち {data.counts.waiting}件・差し戻し {data.counts.returned}件
      </Alert>
      <AnnualPlanRow facilityId={facility.id} classId={data.class.id} slot={data.annual_plan} canWrite={data.can_write} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          月案
        </Title>
        {row(data.monthly_plan)}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          週案
        </Title>
        {data.weekly_plans.map(row)}
      </Stack>
      {data.daily_plans.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            日案
          </Title>
          {data.daily_plans.map(row)}
        </Stack>
      )}
      {data.individual_plans.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            個別指導計画（3歳未満児）
          </Title>
          {data.individual_plans.map(row)}
        </Stack>
      )}
      {data.progress_records.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            経過記録
          </Title>
          {data.progress_records.map(row)}
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          保育日誌
        </Title>
        {data.journals.length === 0 ? <Text>この月の保育日誌はまだありません。</Text> : data.journals.map(row)}
      </Stack>
      <ClassChildren facilityId={facility.id} data={data} />
    </Page>
  );
}
