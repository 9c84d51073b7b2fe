import { Button, Progress, Stack, Text } from '@mantine/core';
import { exportLimits, exportMessages as M } from '@renraku/contract/client';
import { showFailure } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { ChildIdRoute } from '../../../components/child-id-route';
import { Page } from '../../../components/page';
import { useLoadFailure } from '../../../components/use-load-failure';
import { useChild } from '../../../lib/children';
import { useChildExport, useRequestChildExport } from '../api';

/**
 * /children/{id}/export: take your data along (docs/decisions/exports-child-archive.md). The main
 * guardian asks for the child's archive, follows its preparation and downloads it; the mail says
 * when it is ready.
 */
export function ChildExportPage() {
  return <ChildIdRoute page={ChildExport} />;
}

const sizeLabel = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)}MB`
      : `${Math.max(1, Math.round(bytes / 1024))}KB`;
const untilLabel = (iso: string) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

function ChildExport({ childId }: { childId: number }) {
  const child = useChild(childId);
  const isMain = child.data?.pivot.main === true;
  useLoadFailure(child.error, '/users/setting');
  if (!child.data) return <Loading />;
  return (
    <Page title="データのダウンロード">
      <Text size="sm">
        {`${child.data.first_name}さんの写真（施設から届いたもの）と連絡帳の記録を、ZIPファイルにまとめてダウンロードできます。準備には時間がかかることがあります。準備ができるとメールでもお知らせします。`}
      </Text>
      {isMain ? <ExportStatus childId={childId} /> : <Text size="sm">{M.mainOnly}</Text>}
    </Page>
  );
}

function ExportStatus({ childId }: { childId: number }) {
  const current = useChildExport(childId);
  const request = useRequestChildExport(childId);
  useLoadFailure(current.error, `/children/${childId}`);
  if (!current.data) return <Loading />;
  const item = current.data.export;
  const ask = () => request.mutate(undefined, { onError: showFailure });
  const askButton = (label: string) => (
    <Button
      onClick={ask}
      loading={request.isPending}
      disabled={request.isPending}
      variant={item?.status === 'ready' ? 'default' : 'filled'}
    >
      {label}
    </Button>
  );

  if (!item) return askButton('データを準備する');
  if (item.status === 'queued' || item.status === 'running') {
    const percent = item.total > 0 ? Math.round((item.done / item.total) * 100) : 0;
    return (
      <Stack gap="xs" role="status" data-qa="export-progress">
        <Text size="sm">{item.total > 0 ? `準備中です（${item.done}/${item.total}件）` : '準備を始めています'}</Text>
        <Progress value={percent} aria-label="準備の進み具合" />
      </Stack>
    );
  }
  if (item.status === 'ready' && item.downloadUrl) {
    return (
      <Stack gap="sm" data-qa="export-ready">
        <Text size="sm">{`準備ができました（${sizeLabel(item.sizeBytes)}、${untilLabel(item.expiresAt!)}までダウンロードできます）`}</Text>
        <Button component="a" href={item.downloadUrl} download>
          ダウンロード
        </Button>
        {askButton('もう一度準備する')}
        <Text size="xs" c="dimmed">{`※準備は1日${exportLimits.perDay}回までです。`}</Text>
      </Stack>
    );
  }
  if (item.status === 'failed') {
    return (
      <Stack gap="sm">
        <Text size="sm">データを準備できませんでした。もう一度お試しください。</Text>
        {askButton('データを準備する')}
      </Stack>
    );
  }
  // Expired: its file is removed from storage after the 72 hours (docs/decisions/files-expired-cleanup.md).
  return (
    <Stack gap="sm" data-qa="export-expired">
      <Text size="sm" fw={700}>
        {item.expiresAt ? `${M.expiredLabel}（${untilLabel(item.expiresAt)}まで）` : M.expiredLabel}
      </Text>
      <Text size="sm">{M.expired}</Text>
      {askButton('もう一度準備する')}
    </Stack>
  );
}
