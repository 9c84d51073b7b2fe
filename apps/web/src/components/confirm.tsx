import { Text } from '@mantine/core';
import { modalsReady } from './modals-host';

interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** Asks before acting; buttons default to 「決定」 and 「キャンセル」 (A §9). Resolves true on confirm. */
export async function confirm({
  title = '確認',
  message,
  confirmLabel = '決定',
  cancelLabel = 'キャンセル',
  danger,
}: ConfirmOptions): Promise<boolean> {
  const { modals } = await modalsReady();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      // A named dialog with a labelled close button (axe: aria-dialog-name, button-name).
      title,
      centered: true,
      closeButtonProps: { 'aria-label': '閉じる' },
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
