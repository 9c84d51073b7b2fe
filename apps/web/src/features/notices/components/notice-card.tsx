import { Anchor, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Notice } from '@renraku/contract/client';
import { toQueryString } from '@renraku/ui';
import { Link } from 'react-router';
import { tokyoTime } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { sendNoticeLinkClick } from '../analytics';
import { useMarkNoticeRead } from '../api';
import { NoticeText } from './linkified-text';

export const fileLink = (noticeId: number, fileId: number, childIds: number[]) =>
  `/notices/${noticeId}/${fileId}?${toQueryString({ childIds })}`;

interface Props {
  notice: Notice;
  childNames: Map<number, string>;
  userSub: string | null;
  threshold: number;
}

const DocumentIcon = () => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h5" />
  </svg>
);

export function NoticeCard({ notice, childNames, userSub, threshold }: Props) {
  const markRead = useMarkNoticeRead();
  const childIds = notice.children.map((c) => c.child_id);
  const unread = notice.children.filter((c) => c.unRead);
  const questionnaireOpen = notice.questionnaire !== null && Date.now() < Date.parse(notice.questionnaire.closeAt);
  const images = notice.files.filter((f) => !f.isDocumentFile);
  const documents = notice.files.filter((f) => f.isDocumentFile);
  const titleId = `notice-${notice.id}-title`;

  const onLinkClick = (url: string) =>
    sendNoticeLinkClick({
      userSub,
      companyId: notice.company_id,
      nurseryId: notice.nursery.nursery_id,
      noticeId: notice.id,
      releasedAt: notice.released_at,
      clickedAt: new Date().toISOString(),
      url,
    });

  const onMarkRead = () =>
    markRead.mutate(
      { noticeId: notice.id, childIds: unread.map((c) => c.child_id) },
      { onSuccess: (data) => showSuccess(data.message), onError: (error) => showFailure(error) },
    );

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={titleId} data-qa="notice-card">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {notice.nursery.name}
          </Text>
          <Text size="xs" c="dimmed">
            {tokyoTime(notice.released_at)}
          </Text>
        </Group>
        <Title order={3} size="h5" id={titleId}>
          {notice.title}
        </Title>
        <Group gap={6}>
          {notice.children.map((c) => (
            <Group key={c.child_id} gap={4} wrap="nowrap">
              <Text size="sm" fw={500}>
                {childNames.get(c.child_id) ?? ''}
              </Text>
              {c.unRead && (
                <Badge color="red.8" variant="filled" size="sm">
                  未読
                </Badge>
              )}
            </Group>
          ))}
        </Group>
        <NoticeText text={notice.text} threshold={threshold} onLinkClick={onLinkClick} />
        {images.length > 0 && (
          <SimpleGrid cols={3} spacing="xs">
            {images.map((f) => (
              <a
                key={f.id}
                href={f.fileUrl ?? undefined}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${f.name}を開く`}
              >
                <Image src={f.url} alt={f.name} radius="sm" h={96} fit="cover" loading="lazy" />
              </a>
            ))}
          </SimpleGrid>
        )}
        {documents.length > 0 && (
          <Stack gap={4}>
            {documents.map((f) => (
              <Anchor
                key={f.id}
                component={Link}
                to={fileLink(notice.id, f.id, childIds)}
                size="sm"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                <DocumentIcon />
                {f.name}（{f.displaySize}）
              </Anchor>
            ))}
          </Stack>
        )}
        {questionnaireOpen &&
          notice.children.map((c) => (
            <Group key={c.child_id} justify="space-between" gap="xs" data-qa="questionnaire-status">
              <Group gap={6}>
                <Text size="sm">{childNames.get(c.child_id) ?? ''}</Text>
                {c.isAnswered ? (
                  <Badge color="teal.9" variant="filled" size="sm">
                    回答済
                  </Badge>
                ) : (
                  <Badge color="brand.8" variant="filled" size="sm">
                    未回答
                  </Badge>
                )}
              </Group>
              <Button
                component={Link}
                to={`/notices/${notice.id}/questionnaires/${notice.questionnaire!.id}/respondents/${c.child_id}`}
                size="xs"
                variant={c.isAnswered ? 'light' : 'filled'}
                aria-label={`${childNames.get(c.child_id) ?? ''}のアンケート${c.isAnswered ? 'を確認する' : 'に回答する'}`}
              >
                {c.isAnswered ? '回答を確認する' : 'アンケートに回答する'}
              </Button>
            </Group>
          ))}
        {questionnaireOpen && notice.children.some((c) => !c.isAnswered) && (
          <Text size="xs" c="dimmed">
            アンケートへのご回答をお願いします。
          </Text>
        )}
        {unread.length > 0 && (
          <Button variant="outline" size="xs" onClick={onMarkRead} loading={markRead.isPending} style={{ alignSelf: 'flex-end' }}>
            既読にする
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
