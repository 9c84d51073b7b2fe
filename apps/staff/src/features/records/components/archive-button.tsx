import { Button, Group, Text } from '@mantine/core';
import { recordsArchiveMessages as M } from '@renraku/contract/staff';
import { dateTimeLabel } from '@renraku/ui/dates';
import { showFailure } from '../../../components/alerts';
import { useRecordsArchive, useRequestRecordsArchive } from '../api';

/**
 * The inspection archive of the class's 年度 (records-archive-background.md): 作成 asks for it, the
 * server builds it in the background, this follows it (作成中, n/m件) and turns into the download
 * link when it is ready, without a reload; past its 24 hours it reads 期限切れ with もう一度作成.
 * 園長, 法人管理者, 主任 on a desktop.
 */
export function ArchiveButton({ classId, year }: { classId: number; year: number }) {
  const current = useRecordsArchive(classId, year, true);
  const request = useRequestRecordsArchive(classId, year);
  const item = current.data?.archive ?? null;
  const ask = (label: string, variant: 'default' | 'subtle') => (
    <Button
      size="md"
      variant={variant}
      loading={request.isPending}
      disabled={!current.data}
      onClick={() => request.mutate(undefined, { onError: showFailure })}
    >
      {label}
    </Button>
  );
  if (item && (item.status === 'queued' || item.status === 'running')) {
    return (
      <Button size="md" variant="default" loading={false} disabled data-qa="archive-building">
        <span role="status">
          {M.building}
          {item.total > 0 ? `（${item.done}/${item.total}件）` : '…'}
        </span>
      </Button>
    );
  }
  if (item?.status === 'expired') {
    // Its file is removed from storage after the 24 hours (docs/decisions/files-expired-cleanup.md).
    return (
      <Group gap="xs" data-qa="archive-expired">
        <Text size="sm" fw={700}>
          {item.expires_at ? `${M.expiredLabel}（${dateTimeLabel(item.expires_at)}まで）` : M.expiredLabel}
        </Text>
        {ask(M.again, 'default')}
      </Group>
    );
  }
  if (item?.status === 'ready' && item.download_url) {
    return (
      <Group gap="xs">
        <Button component="a" href={item.download_url} download size="md" variant="filled">
          {M.download}
        </Button>
        {ask(M.again, 'subtle')}
      </Group>
    );
  }
  return (
    <Group gap="xs">
      {item?.status === 'failed' && (
        <Text size="sm" c="red.9" role="alert">
          {M.failed}
        </Text>
      )}
      {ask(item ? M.again : M.request, 'default')}
    </Group>
  );
}
