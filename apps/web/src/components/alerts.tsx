import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { limits } from '@renraku/contract/client';
import { errorText } from '@renraku/ui/api';
import { loadNotifications } from './notifications-host';

/** Shows a notification; the container may still be loading (components/notifications-host.tsx). */
function show(notification: Parameters<typeof notifications.show>[0]): string {
  loadNotifications();
  // Mantine's close button has no name of its own; axe flags an alert shown during a check.
  return notifications.show({ closeButtonProps: { 'aria-label': '閉じる' }, ...notification });
}

/** A failure alert: notice icon, auto-closes after 5 s, width 250 (A §8–9). */
export function showFailure(messageOrError: unknown) {
  const message = typeof messageOrError === 'string' ? messageOrError : errorText(messageOrError);
  show({
    color: 'red',
    title: '⚠',
    message: (
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
    ),
    autoClose: limits.alertAutoCloseMs,
    style: { width: limits.alertWidth, marginInline: 'auto' },
    role: 'alert',
  } as Parameters<typeof notifications.show>[0]);
}

export function showSuccess(message: string) {
  show({
    color: 'teal',
    message: <Text size="sm">{message}</Text>,
    autoClose: limits.alertAutoCloseMs,
    style: { width: limits.alertWidth, marginInline: 'auto' },
  });
}

/** The persistent notice: stays until 「閉じる」 is pressed, width 300. */
export function showPersistentNotice(message: string) {
  const id = show({
    withCloseButton: false,
    autoClose: false,
    style: { width: limits.persistentAlertWidth, marginInline: 'auto' },
    message: (
      <Stack gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </Text>
        <Button size="xs" variant="light" onClick={() => notifications.hide(id)}>
          閉じる
        </Button>
      </Stack>
    ),
  });
}
