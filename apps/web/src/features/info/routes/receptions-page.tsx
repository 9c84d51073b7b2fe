import { Anchor, Button, Code, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

/** /receptions: what a guardian needs before logging in (shared ID, mail domains to allow). */
export function ReceptionsPage() {
  const { app_name, id_service_name, id_registration_url, mail_domains } = useOperator();
  usePageTitle('ご利用の前に');
  const registrationLabel = `${id_service_name}を新規登録する`;
  const registrationIsInternal = id_registration_url.startsWith('/');

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          ご利用の前に
        </Title>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            {`ログインには${id_service_name}が必要です`}
          </Title>
          <Text size="sm">
            {`${app_name}にログインするには、${id_service_name}が必要です。まだお持ちでない方は、${id_service_name}を新規登録してからログインしてください。すでにお持ちの方は、そのメールアドレスとパスワードでログインできます。`}
          </Text>
        </Stack>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            メールの受信設定について
          </Title>
          <Text size="sm">
            携帯電話会社のメールアドレス（キャリアメール）をご利用の場合、登録手続きやお知らせのメールが届かないことがあります。迷惑メール対策の設定で、次のドメインからのメールを受信できるよう設定してください。
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
        </Stack>

        <Stack gap="sm" mt="sm">
          {registrationIsInternal ? (
            <Button component={Link} to={id_registration_url} fullWidth>
              {registrationLabel}
            </Button>
          ) : (
            <Button component="a" href={id_registration_url} target="_blank" rel="noopener noreferrer" fullWidth>
              {registrationLabel}
            </Button>
          )}
          <Button component={Link} to="/login" variant="default" fullWidth>
            ログイン画面へ
          </Button>
          <Anchor component={Link} to="/migration/about-id" size="sm" ta="center">
            {`${id_service_name}について`}
          </Anchor>
        </Stack>

        <FooterLinks />
      </Stack>
    </Container>
  );
}
