import { notifications } from '@mantine/notifications';
import { errorText } from '@renraku/ui/api';

/** A failure as a notification that closes itself (a call that has no form to show it in). */
export function showFailure(messageOrError: unknown) {
  const message = typeof messageOrError === 'string' ? messageOrError : errorText(messageOrError);
  notifications.show({
    color: 'red',
    title: 'エラー',
    message,
    autoClose: 6000,
    style: { whiteSpace: 'pre-line' },
    closeButtonProps: { 'aria-label': '閉じる' },
  });
}

export function showSuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000, closeButtonProps: { 'aria-label': '閉じる' } });
}
