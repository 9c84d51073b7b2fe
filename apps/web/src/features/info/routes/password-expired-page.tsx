import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

/** /password/reset/expired: the reset link is no longer valid; offers to start over. */
export function PasswordExpiredPage() {
  usePageTitle('パスワード再設定');

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          パスワード再設定
        </Title>
        <Alert color="brand" variant="light" title="パスワード再設定の有効期限が切れています。">
          <Text size="sm">お手数ですが、もう一度パスワード再設定の手続きを行ってください。</Text>
        </Alert>
        <Button component={Link} to="/password/forgot" fullWidth>
          パスワード再設定の手続きへ
        </Button>
        <FooterLinks />
      </Stack>
    </Container>
  );
}
