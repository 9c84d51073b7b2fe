import { Button, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { messages, type PushSettings } from '@renraku/contract/client';
import { showFailure } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { errorText } from '@renraku/ui/api';
import { pushState, subscribeToPush, unsubscribeFromPush, type PushState } from '../../../lib/web-push';
import { useNotificationSettings, useSetEmailNotifications, useSetPushSettings } from '../api';
import { Snackbar } from '../../../components/snackbar';

const categories: { key: Exclude<keyof PushSettings, 'digest'>; label: string }[] = [
  { key: 'daily_note', label: '連絡帳（日々の記録）が公開されたとき' },
  { key: 'notice', label: '新しいお知らせ' },
  { key: 'questionnaire_closing', label: 'アンケートの締切前日' },
  { key: 'attendance', label: '登園・お迎え' },
];

const deviceTexts: Record<PushState, string> = {
  unsupported: 'この端末（ブラウザ）ではプッシュ通知を利用できません。',
  denied: 'ブラウザの設定で通知が許可されていません。ブラウザの設定から通知を許可してください。',
  subscribed: 'この端末でプッシュ通知を受け取っています。',
  available: 'この端末ではまだプッシュ通知を受け取っていません。',
};

/** This device's subscription: ask the browser here (pressing the button is the meaningful action). */
function DevicePush({ onMessage }: { onMessage: (message: string) => void }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  if (state === null) return null;
  const run = async (action: () => Promise<PushState>, done: string) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      if (next === 'subscribed' || next === 'available')
        onMessage(next === 'subscribed' ? done : 'この端末での受け取りをやめました');
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm" data-qa="push-device-state">
        {deviceTexts[state]}
      </Text>
      {state === 'available' && (
        <Button variant="light" loading={busy} onClick={() => void run(subscribeToPush, 'プッシュ通知を受け取る設定にしました')}>
          この端末でプッシュ通知を受け取る
        </Button>
      )}
      {state === 'subscribed' && (
        <Button
          variant="default"
          loading={busy}
          onClick={() =>
            void run(async () => {
              await unsubscribeFromPush();
              return 'available';
            }, '')
          }
        >
          この端末での受け取りをやめる
        </Button>
      )}
    </Stack>
  );
}

/** Notification settings (A §2): the email master toggle and its snackbar; the push categories and the digest (issue 20). */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const change = useSetEmailNotifications();
  const changePush = useSetPushSettings();
  const [snack, setSnack] = useState<string | null>(null);
  const closeSnack = useCallback(() => setSnack(null), []);
  const [pushSnack, setPushSnack] = useState<string | null>(null);
  const closePushSnack = useCallback(() => setPushSnack(null), []);

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
    const push = settings.data.push;
    const setPush = (key: keyof PushSettings) =>
      changePush.mutate(
        { [key]: !push[key] },
        { onSuccess: (result) => setPushSnack(result.message), onError: (error) => showFailure(error) },
      );
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
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="push-settings-title" data-qa="push-settings">
          <Stack gap="sm">
            <Title order={2} size="h5" id="push-settings-title">
              プッシュ通知
            </Title>
            <DevicePush onMessage={setPushSnack} />
            {categories.map((c) => (
              <Switch
                key={c.key}
                label={c.label}
                checked={push[c.key]}
                disabled={changePush.isPending}
                onChange={() => setPush(c.key)}
              />
            ))}
            <Switch
              label="1日1回のまとめで受け取る"
              description="連絡帳・お知らせ・アンケートの通知を、その都度ではなく毎日19時にまとめてお届けします（登園・お迎えはその都度）"
              checked={push.digest}
              disabled={changePush.isPending}
              onChange={() => setPush('digest')}
            />
          </Stack>
        </Paper>
      </>
    );
  };

  return (
    <Page title="メール通知設定">
      {body()}
      <Snackbar title="メール通知" message={snack} onClose={closeSnack} />
      <Snackbar title="プッシュ通知" message={pushSnack} onClose={closePushSnack} />
    </Page>
  );
}
