import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { TableScroll } from '../../../components/table-scroll';
import { dateTimeLabel } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { trackingCsvUrl, useNoticesLive, useRemind, useTracking } from '../api';

/** 集計 of one notice (staff.md §5): read and answered per child, who has not, answers aggregated, CSV, reminders. */
export function NoticeTrackingPage() {
  const { noticeId } = useParams();
  const id = idFrom(noticeId);
  if (id === null) return <NotFound />;
  return <Tracking noticeId={id} />;
}

function Tracking({ noticeId }: { noticeId: number }) {
  const facility = useFacility();
  const tracking = useTracking(noticeId);
  // Reads and answers show as they arrive (the class board's mechanism).
  useNoticesLive(facility.id);
  const remind = useRemind(noticeId);
  if (tracking.isPending) return <Loading />;
  if (tracking.error) return <FormError error={tracking.error} />;
  const t = tracking.data;

  const onRemind = async (to: 'unread' | 'unanswered') => {
    const people = to === 'unread' ? t.unread_guardians : t.unanswered_guardians;
    const ok = await confirm({
      title: to === 'unread' ? '未読の方へリマインド' : '未回答の方へリマインド',
      message: `${people.length}人の保護者にメール（通知設定がオンの方）とプッシュ通知（登録済みの方）を送ります。同じ日に同じ方へは1回だけ送られます。`,
      confirmLabel: '送る',
    });
    if (ok) remind.mutate(to, { onSuccess: (res) => showSuccess(res.message), onError: (e) => showFailure(e) });
  };

  return (
    <Page
      title={`集計：${t.title}`}
      size="xl"
      actions={
        <Group gap="sm">
          <Button component="a" href={trackingCsvUrl(noticeId)} download variant="default" size="md">
            CSVをダウンロード
          </Button>
          <Anchor component={Link} to={facilityPath(facility.id, 'notices')}>
            一覧に戻る
          </Anchor>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm">配信先</Text>
          <Text fz="xl" fw={700} data-testid="count-targets">
            {t.counts.targets}人
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm">既読</Text>
          <Text fz="xl" fw={700} data-testid="count-read">
            {t.counts.read}人
          </Text>
        </Card>
        {t.has_questionnaire && (
          <Card withBorder>
            <Text size="sm">回答済み</Text>
            <Text fz="xl" fw={700} data-testid="count-answered">
              {t.counts.answered}人
            </Text>
          </Card>
        )}
      </SimpleGrid>

      <Group gap="sm">
        <Button
          size="md"
          variant="light"
          disabled={t.unread_guardians.length === 0}
          loading={remind.isPending}
          onClick={() => void onRemind('unread')}
        >
          未読の方へリマインド（{t.unread_guardians.length}人）
        </Button>
        {t.has_questionnaire && (
          <Button
            size="md"
            variant="light"
            disabled={t.unanswered_guardians.length === 0}
            loading={remind.isPending}
            onClick={() => void onRemind('unanswered')}
          >
            未回答の方へリマインド（{t.unanswered_guardians.length}人）
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: t.has_questionnaire ? 2 : 1 }}>
        <Card withBorder>
          <Text fw={700} mb={4}>
            未読の保護者（{t.unread_guardians.length}人）
          </Text>
          <Text size="sm" data-testid="unread-guardians">
            {t.unread_guardians.map((g) => g.name).join('、') || 'いません'}
          </Text>
        </Card>
        {t.has_questionnaire && (
          <Card withBorder>
            <Text fw={700} mb={4}>
              未回答の保護者（{t.unanswered_guardians.length}人）
            </Text>
            <Text size="sm" data-testid="unanswered-guardians">
              {t.unanswered_guardians.map((g) => g.name).join('、') || 'いません'}
            </Text>
          </Card>
        )}
      </SimpleGrid>

      <Title order={2} size="h3">
        お子さまごとの状況
      </Title>
      <TableScroll label="お子さまごとの状況" minWidth={800}>
        <Table withTableBorder verticalSpacing="xs" data-testid="tracking-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>お子さま</Table.Th>
              <Table.Th>クラス</Table.Th>
              <Table.Th>保護者</Table.Th>
              <Table.Th>既読</Table.Th>
              {t.has_questionnaire && <Table.Th>回答</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {t.children.map((c) => (
              <Table.Tr key={c.child_id}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{c.class_name ?? '―'}</Table.Td>
                <Table.Td>{c.guardians.map((g) => g.name).join('、') || '―'}</Table.Td>
                <Table.Td>
                  {c.read_at ? (
                    dateTimeLabel(c.read_at)
                  ) : (
                    <Badge color="red.9" variant="filled" radius="sm">
                      未読
                    </Badge>
                  )}
                </Table.Td>
                {t.has_questionnaire && (
                  <Table.Td>
                    {c.answered_at ? (
                      dateTimeLabel(c.answered_at)
                    ) : (
                      <Badge color="red.9" variant="filled" radius="sm">
                        未回答
                      </Badge>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>

      {t.questions.length > 0 && (
        <Stack gap="md">
          <Title order={2} size="h3">
            回答の集計
          </Title>
          {t.questions.map((q, i) => (
            <Card key={q.id} withBorder>
              <Text fw={700} mb="xs">
                質問{i + 1}：{q.text}
              </Text>
              {q.answer_format === 'free_text' ? (
                q.texts.length === 0 ? (
                  <Text size="sm">回答はまだありません。</Text>
                ) : (
                  <Stack gap={4}>
                    {q.texts.map((x, k) => (
                      <Text key={k} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {x.child_name}：{x.text}
                      </Text>
                    ))}
                  </Stack>
                )
              ) : (
                <Stack gap={4}>
                  {q.choices.map((c) => (
                    <Group key={c.id} justify="space-between" maw={420}>
                      <Text size="sm">{c.text}</Text>
                      <Text size="sm" fw={700}>
                        {c.count}件
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
