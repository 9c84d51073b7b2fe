import { Alert, Badge, Stack, Text } from '@mantine/core';
import { staffMessages } from '@renraku/contract/staff';
import { Page } from '../../../../components/page';
import { useStaffMe } from '../../../../lib/staff-session';
import { PinForm } from '../components/pin-form';
import { SettingsSection } from '../components/settings-section';
import { StaffQrSection } from '../components/staff-qr-section';
import { TwoFactorSection } from '../components/two-factor-section';

/** `/staff/settings`: the signed-in person's account, 2FA, tablet PIN and 職員QR (desktop only). */
export function SettingsPage() {
  const { data: me } = useStaffMe();
  if (!me) return null;
  return (
    <Page title="設定" size="md">
      <SettingsSection title="アカウント">
        <Stack gap={4}>
          <Text>氏名: {me.user.name ?? '（未設定）'}</Text>
          <Text>メールアドレス: {me.user.email}</Text>
        </Stack>
      </SettingsSection>
      {me.device ? (
        <Alert color="blue" variant="light">
          {staffMessages.desktopOnly}
        </Alert>
      ) : (
        <>
          <TwoFactorSection enabled={me.totp_enabled} />
          <SettingsSection
            title="タブレットのPIN"
            status={
              <Badge color={me.pin_set ? 'teal' : 'gray'} variant="light" size="lg">
                {me.pin_set ? '設定済み' : '未設定'}
              </Badge>
            }
          >
            <Text>クラスのタブレットで、名前を選んでこのPINを入力すると操作できます。</Text>
            <PinForm />
          </SettingsSection>
          <StaffQrSection />
        </>
      )}
    </Page>
  );
}
