import { Paper, Switch, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { messages } from '@renraku/contract/client';
import { showFailure } from '../../../components/alerts';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api';
import { useNotificationSettings, useSetEmailNotifications } from '../api';
import { Snackbar } from '../../../components/snackbar';

/** Email notification settings (A §2): one master toggle and its snackbar. */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const change = useSetEmailNotifications();
  const [snack, setSnack] = useState<string | null>(null);
  const closeSnack = useCallback(() => setSnack(null), []);

  const body = () => {
    if (settings.isPending) return <Loading />;
    // A load failure: its message, and the screen as with no child (A §8).
    if (settings.isError || settings.data.isNotificationDisabled) {
      return (
        <>
          {settings.isError && (
            <Text size="sm" c="red.9" role="alert">
              {errorText(settings.error)}
            </Text>
          )}
          <Text size="sm">お子さま情報が登録されていません。お子さまを登録すると、設定内容が表示されます。</Text>
        </>
      );
    }
    const on = settings.data.notification_settings.email_all;
    return (
      <>
        <Text size="sm">受け取りたい通知にチェックを入れてください。</Text>
        <Paper withBorder p="md" radius="md">
          <Switch
            label="すべてのメール通知"
            checked={on}
            disabled={change.isPending}
            onChange={() =>
              change.mutate(!on, {
                onSuccess: (result) => setSnack(result.message),
                onError: (error) => showFailure(error),
              })
            }
          />
        </Paper>
        {change.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {messages.loading}
          </Text>
        )}
      </>
    );
  };

  return (
    <Page title="メール通知設定">
      {body()}
      <Snackbar title="メール通知" message={snack} onClose={closeSnack} />
    </Page>
  );
}
