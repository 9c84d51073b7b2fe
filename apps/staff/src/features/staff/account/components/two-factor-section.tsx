import { Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useRefreshMe } from '../api';
import { SettingsSection } from './settings-section';
import { TotpSetup } from './totp-setup';

/** 2FA in the settings: on, or the enrolment (which stays open until the recovery codes are put away). */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const refreshMe = useRefreshMe();
  const [enrolling, setEnrolling] = useState(false);
  return (
    <SettingsSection
      title="二段階認証"
      status={
        enabled && !enrolling ? (
          <Badge color="teal" variant="light" size="lg">
            有効
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="lg">
            未設定
          </Badge>
        )
      }
    >
      {enabled && !enrolling ? (
        <Group>
          <Text>ログインのたびに、認証アプリの確認コード（または回復コード）が必要です。</Text>
        </Group>
      ) : (
        <TotpSetup
          onEnabled={() => setEnrolling(true)}
          onDone={() => {
            setEnrolling(false);
            void refreshMe();
          }}
        />
      )}
    </SettingsSection>
  );
}
