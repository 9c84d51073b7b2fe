import type { ReactNode } from 'react';
import { Anchor, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { FooterLinks } from '../../../components/footer-links';

const BUSINESS_LINES = [
  '写真販売サービス、保育施設向け連絡帳サービスの企画・運営',
  '保育・教育施設向けICTサービスの企画・開発・販売',
] as const;

/** /corporate: company profile table and a short description of the notebook service. */
export function CorporatePage() {
  const { app_name, company_name, company_address, company_phone, company_fax, company_website_url } = useOperator();
  usePageTitle('運営会社');

  const rows: { label: string; value: ReactNode }[] = [
    { label: '会社名', value: company_name },
    { label: '所在地', value: company_address },
    { label: '電話番号', value: company_phone },
    { label: 'FAX', value: company_fax },
    {
      label: '事業内容',
      value: (
        <Stack gap={2}>
          {BUSINESS_LINES.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      label: 'ウェブサイト',
      value: (
        <Anchor href={company_website_url} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
          {company_website_url}
        </Anchor>
      ),
    },
  ];

  return (
    <Container size="sm" px="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          運営会社
        </Title>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            会社概要
          </Title>
          <Table withTableBorder verticalSpacing="sm" horizontalSpacing="sm" fz="sm" aria-label="会社概要">
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" w={96} bg="gray.0" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {row.label}
                  </Table.Th>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>

        <Stack component="section" gap="xs">
          <Title order={2} size="h4">
            サービス紹介
          </Title>
          <Text size="sm">
            {`${app_name}は、保育施設と保護者さまをつなぐ連絡帳サービスです。毎日の連絡帳のやり取りをはじめ、施設からのお知らせやアンケート、遅刻・お迎え時間の変更や欠席の連絡、行事予定の確認、お子さまの成長記録の閲覧まで、スマートフォンひとつで行えます。`}
          </Text>
          <Text size="sm">
            紙の連絡帳の受け渡しや電話連絡の手間を減らすことで、保育士の皆さまにはお子さまと向き合う時間を、保護者さまには日々の様子がわかる安心をお届けします。
          </Text>
        </Stack>

        <FooterLinks />
      </Stack>
    </Container>
  );
}
