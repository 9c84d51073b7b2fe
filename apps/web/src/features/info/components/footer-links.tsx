import { Anchor, Box, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useOperator } from '../../../lib/operator';

/** Company, privacy, terms and contact links shown under the public information pages. */
export function FooterLinks() {
  const { contact_form_url } = useOperator();

  return (
    <Box component="nav" aria-label="サービス情報" mt="lg">
      <Group justify="center" gap="md">
        <Anchor component={Link} to="/corporate" size="sm" py={4}>
          運営会社
        </Anchor>
        <Anchor component={Link} to="/privacy" size="sm" py={4}>
          プライバシーポリシー
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm" py={4}>
          利用規約
        </Anchor>
        <Anchor href={contact_form_url} target="_blank" rel="noopener noreferrer" size="sm" py={4}>
          お問い合わせ
        </Anchor>
      </Group>
    </Box>
  );
}
