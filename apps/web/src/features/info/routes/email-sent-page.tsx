import { Code, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

/** /email/sent: registration mail confirmation, reachable only right after /users/register. */
export function EmailSentPage() {
  const location = useLocation();
  const { mail_domains } = useOperator();
  usePageTitle('メール送信完了');

  const referrer = (location.state as { referrer?: string } | null)?.referrer;
  if (referrer !== '/users/register') {
    return <Navigate to="/main" replace />;
  }

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          メール送信完了
        </Title>
        <Text fw={700}>メールを送信しました。</Text>
        <Text size="sm">メールに記載されたURLから登録手続きを進めてください。</Text>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            メールが届かない場合
          </Title>
          <Text size="sm">
            迷惑メール対策の設定により、メールが届かないことがあります。携帯電話会社のメールアドレスをご利用の場合は、次のドメインからのメールを受信できるよう受信設定をお願いいたします。
          </Text>
          <Paper withBorder p="sm" radius="md">
            <List size="sm" spacing={4}>
              {mail_domains.map((domain) => (
                <List.Item key={domain}>
                  <Code>{domain}</Code>
                </List.Item>
              ))}
            </List>
          </Paper>
          <Text size="sm">受信設定を行ったあとも届かない場合は、迷惑メールフォルダもあわせてご確認ください。</Text>
        </Stack>

        <FooterLinks />
      </Stack>
    </Container>
  );
}
