import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { Link } from 'react-router';
import { noticeStatusLabels, type NoticeStatus } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { dateTimeLabel } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { useNotices, useNoticesLive } from '../api';

// Dark shades: the badges' white text keeps 4.5:1.
const statusColors: Record<NoticeStatus, string> = {
  draft: 'gray.7',
  scheduled: 'blue.8',
  released: 'teal.9',
  withdrawn: 'red.9',
};

/** 下書き / 配信予約 / 配信済み / 取り下げ. */
export function StatusBadge({ status }: { status: NoticeStatus }) {
  return (
    <Badge color={statusColors[status]} variant="filled" size="lg" radius="sm" miw="max-content">
      {noticeStatusLabels[status]}
    </Badge>
  );
}

/** お知らせ (staff.md §5): the facility's notices with their state and read/answered counts. */
export function NoticesPage() {
  const facility = useFacility();
  const notices = useNotices(facility.id);
  // Read and answered counts follow the guardians (the class board's mechanism).
  useNoticesLive(facility.id);
  return (
    <Page
      title="お知らせ"
      size="xl"
      actions={
        <Button component={Link} to={facilityPath(facility.id, 'notices/new')} size="md">
          お知らせを作成
        </Button>
      }
    >
      {notices.isPending ? (
        <Loading />
      ) : notices.error ? (
        <FormError error={notices.error} />
      ) : notices.data.length === 0 ? (
        <Text>お知らせはまだありません。</Text>
      ) : (
        <TableScroll label="お知らせの一覧" minWidth={900}>
          <Table withTableBorder verticalSpacing="sm" data-testid="notice-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>状態</Table.Th>
                <Table.Th>タイトル</Table.Th>
                <Table.Th w={160}>配信先</Table.Th>
                <Table.Th w={150}>配信日時</Table.Th>
                <Table.Th w={90}>既読</Table.Th>
                <Table.Th w={90}>回答</Table.Th>
                <ActionsHeader w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notices.data.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>
                    <StatusBadge status={n.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{n.title}</Text>
                    {(n.file_count > 0 || n.has_questionnaire) && (
                      <Text size="sm" c="dark.6">
                        {[n.file_count > 0 && `添付${n.file_count}件`, n.has_questionnaire && 'アンケートあり']
                          .filter(Boolean)
                          .join('・')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{n.audience_label}</Table.Td>
                  <Table.Td>{n.released_at ? dateTimeLabel(n.released_at) : '―'}</Table.Td>
                  <Table.Td>{n.status === 'released' ? `${n.counts.read}/${n.counts.targets}` : '―'}</Table.Td>
                  <Table.Td>
                    {n.status === 'released' && n.has_questionnaire ? `${n.counts.answered}/${n.counts.targets}` : '―'}
                  </Table.Td>
                  <Table.Td ta="right">
                    {n.editable && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {n.status === 'released' && (
                          <Anchor
                            component={Link}
                            to={facilityPath(facility.id, `notices/${n.id}`)}
                            aria-label={`「${n.title}」の集計`}
                          >
                            集計
                          </Anchor>
                        )}
                        {n.status !== 'withdrawn' && (
                          <Anchor
                            component={Link}
                            to={facilityPath(facility.id, `notices/${n.id}/edit`)}
                            aria-label={`「${n.title}」を編集`}
                            ml="sm"
                          >
                            編集
                          </Anchor>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Page>
  );
}
