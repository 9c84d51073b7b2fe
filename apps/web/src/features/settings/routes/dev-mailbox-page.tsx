import { Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '@renraku/ui/loading';
import { usePageTitle } from '../../../lib/page-title';
import { linkify } from '../components/linkify';
import { mailboxQueryOptions } from '../api';

/** The key of `/dev/mailbox#key=…`: in the fragment, so it never reaches a server log. */
const keyFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('key');

/** /dev/mailbox: the mail outbox of the embedded mode, newest first (DESIGN §2 "mail"). */
export function DevMailboxPage() {
  usePageTitle('開発用メールボックス');
  const mails = useQuery(mailboxQueryOptions(keyFromHash()));
  return (
    <Container size="sm" px="md" py="lg">
      <Stack>
        <Title order={1} size="h3">
          開発用メールボックス
        </Title>
        <Text size="sm" c="dimmed">
          組み込みモードでは、メールは送信されずにここに保存されます（新しい順）。
        </Text>
        {mails.isPending && <Loading />}
        {mails.isError && (
          <Text role="alert">
            メールボックスを開けません。サーバー起動時に表示される「開発用メールボックス」のURLから開いてください。
          </Text>
        )}
        {mails.data?.length === 0 && <Text>メールはまだありません。</Text>}
        {mails.data?.map((mail) => (
          <Paper key={mail.id} withBorder p="sm" radius="md" component="article" aria-label={mail.subject}>
            <Group justify="space-between" gap={4}>
              <Text size="xs" c="dimmed">
                {new Date(mail.created_at).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {mail.kind}
              </Badge>
            </Group>
            <Text size="sm">{`宛先：${mail.to}`}</Text>
            <Title order={2} size="h6">
              {mail.subject}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {linkify(mail.text)}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}
