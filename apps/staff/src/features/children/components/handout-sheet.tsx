import { Stack, Text, Title } from '@mantine/core';
import { fullDateTimeLabel } from '@renraku/contract/dates';
import { QrCode } from '../../../components/qr-code';
import type { Registration } from '../registration-state';
import './handout.css';

/**
 * The A4 handout a guardian takes home: the facility, the child, the registration URL as a QR code
 * and as text, the steps and the expiry.
 */
export function HandoutSheet({
  facilityName,
  childName,
  childKana,
  registration,
}: {
  facilityName: string;
  childName: string;
  childKana: string;
  registration: Registration;
}) {
  return (
    <article className="handout-sheet" aria-labelledby="handout-title" data-testid="handout-sheet">
      <Stack gap="lg">
        <Text size="lg">{facilityName}</Text>
        <Title order={2} id="handout-title" size="h2">
          れんらくノート お子さまの登録のご案内
        </Title>
        <Text size="xl" fw={700}>
          <Text span size="sm" display="block" fw={400}>
            {childKana}
          </Text>
          {childName} さんの保護者の方へ
        </Text>
        <Text>
          {'れんらくノートで連絡帳やお知らせをご覧いただくため、保護者の方のアカウントとお子さまを紐付けます。' +
            'スマートフォンでQRコードを読み取り、はいチーズ！IDでログインして、お子さまの生年月日を入力してください。'}
        </Text>
        <Stack align="center" gap="xs">
          <QrCode text={registration.url} size={220} alt="登録用URLのQRコード" />
          <Text className="handout-url" ta="center" data-testid="handout-url">
            {registration.url}
          </Text>
        </Stack>
        <ol style={{ margin: 0, paddingLeft: '1.5em', lineHeight: 1.9 }}>
          <li>スマートフォンのカメラで上のQRコードを読み取ります（読み取れないときは、URLを入力してください）。</li>
          <li>はいチーズ！IDでログインします（IDをお持ちでない方は、画面の案内に沿って新規登録してください）。</li>
          <li>お子さまの生年月日を入力して、「登録する」を押してください。</li>
        </ol>
        <Text fw={700} data-testid="handout-expiry">
          有効期限: {fullDateTimeLabel(registration.expires_at)}まで
        </Text>
        <Text size="sm">
          このURLは {childName} さん専用です。ほかの方には渡さないでください。期限が過ぎたときや、うまく登録できないときは、
          {facilityName}
          までお知らせください。
        </Text>
      </Stack>
    </article>
  );
}
