import { Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { postStaffTotpEnable } from '@renraku/contract/staff';
import { FormError } from '../../../../components/form-error';
import { QrCode } from '../../../../components/qr-code';
import { validate } from '../../../../lib/validate';
import { useEnableTotp, useStartTotpSetup } from '../api';
import { RecoveryCodes } from './recovery-codes';

/**
 * 2FA enrolment (staff.md §1): a new secret as a QR code and as text, a first code from the
 * authenticator app to confirm it, then the recovery codes, once. `onEnabled` runs when the codes
 * show; `onDone` when they have been put away.
 */
export function TotpSetup({ onEnabled, onDone }: { onEnabled?: () => void; onDone: () => void }) {
  const start = useStartTotpSetup();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  if (enable.data) return <RecoveryCodes codes={enable.data.recovery_codes} onDone={onDone} />;

  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>
          ログイン時に、パスワードに加えてスマートフォンの認証アプリ（Google Authenticator、Microsoft Authenticator
          など）に表示される確認コードを入力します。
        </Text>
        <FormError error={start.error} />
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          設定を始める
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffTotpEnable.body!, { code });
    setCodeError(checked.errors?.code);
    if (checked.data) enable.mutate(checked.data.code, { onSuccess: () => onEnabled?.() });
  };

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs">
        <List.Item>スマートフォンの認証アプリで、次のQRコードを読み取ってください。</List.Item>
        <List.Item>アプリに表示された6桁の確認コードを入力して「有効にする」を押してください。</List.Item>
      </List>
      <Group align="flex-start" gap="xl">
        <QrCode text={start.data.uri} size={200} alt="二段階認証の設定用QRコード" />
        <Stack gap="xs" maw={360}>
          <Text size="sm">QRコードを読み取れないときは、アプリに次のキーを入力してください。</Text>
          <Code block data-testid="totp-secret" style={{ fontSize: 16, wordBreak: 'break-all' }}>
            {start.data.secret}
          </Code>
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={360}>
          <FormError error={enable.error} />
          <TextInput
            label="確認コード（6桁）"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={codeError}
            required
          />
          <Group>
            <Button type="submit" loading={enable.isPending}>
              有効にする
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
