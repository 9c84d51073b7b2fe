import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { timeLabel } from '@renraku/ui/dates';

/** The one-time pairing code, large, with its expiry and what to do on the tablet. */
export function PairingCode({ deviceName, code, expiresAt }: { deviceName: string; code: string; expiresAt: string }) {
  const pairUrl = `${window.location.origin}/staff/pair`;
  return (
    <Stack gap="md">
      <Text>「{deviceName}」のペアリングコード</Text>
      <Text
        data-testid="pairing-code"
        aria-label={`ペアリングコード ${code.split('').join(' ')}`}
        ta="center"
        fw={700}
        style={{ fontSize: 56, letterSpacing: '0.15em', fontFamily: 'monospace', lineHeight: 1.2 }}
      >
        {code.slice(0, 4)} {code.slice(4)}
      </Text>
      <Text ta="center" fw={500}>
        有効期限: <time dateTime={expiresAt}>{timeLabel(expiresAt)}</time> まで（1回限り）
      </Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          タブレットのブラウザで <Code>{pairUrl}</Code> を開いてください。
        </List.Item>
        <List.Item>上のペアリングコード（8桁）を入力してください。</List.Item>
        <List.Item>ペアリングが終わると、タブレットに職員の名前とPIN入力画面が表示されます。</List.Item>
      </List>
      <Alert color="yellow" variant="light">
        コードは他の人に見せないでください。期限が切れたときは、端末を登録解除して追加し直してください。
      </Alert>
    </Stack>
  );
}
