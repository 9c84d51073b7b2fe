import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { closePushPrompt } from '../lib/push-prompt';
import { mayAskForPush, rememberDeclined, subscribeToPush } from '../lib/web-push';
import { showFailure, showSuccess } from './alerts';

/**
 * 「プッシュ通知を受け取りますか？」: shown after a meaningful action when this device can subscribe
 * and was not told "not now" lately; "受け取る" asks the browser, "今はしない" is remembered.
 */
export default function PushPrompt() {
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void mayAskForPush().then((may) => {
      if (!live) return;
      if (may) setShow(true);
      else closePushPrompt();
    });
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;
  const accept = async () => {
    setBusy(true);
    try {
      const state = await subscribeToPush();
      if (state === 'subscribed') showSuccess('プッシュ通知を受け取る設定にしました');
    } catch (error) {
      showFailure(error);
    } finally {
      closePushPrompt();
    }
  };
  const later = () => {
    rememberDeclined();
    closePushPrompt();
  };
  return (
    <Paper
      role="dialog"
      aria-labelledby="push-prompt-title"
      data-qa="push-prompt"
      withBorder
      shadow="md"
      radius="md"
      p="md"
      style={{ position: 'fixed', left: 12, right: 12, bottom: 12, zIndex: 300, maxWidth: 480, marginInline: 'auto' }}
    >
      <Text id="push-prompt-title" fw={700}>
        プッシュ通知を受け取りますか？
      </Text>
      <Text size="sm" mt={4}>
        連絡帳の公開や新しいお知らせを、この端末でお知らせします。通知の種類は「通知設定」で選べます。
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={later} disabled={busy}>
          今はしない
        </Button>
        <Button onClick={() => void accept()} loading={busy}>
          受け取る
        </Button>
      </Group>
    </Paper>
  );
}
