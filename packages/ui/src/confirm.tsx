import { Text } from '@mantine/core';
import type { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive step: the confirm button is red. */
  danger?: boolean;
}

/** Resolves when modals can open (the guardian app loads its modal manager when idle; the staff app has it at once). */
export type ModalsReady = () => Promise<{ modals: typeof modals }>;

/**
 * One app's confirm(): asks before acting, in a centred, named dialog with a labelled close button
 * (axe: aria-dialog-name, button-name); buttons default to 「決定」 and 「キャンセル」 (A §9).
 * Resolves true on confirm, false on cancel or close.
 */
export function createConfirm(ready: ModalsReady) {
  return async function confirm({
    title = '確認',
    message,
    confirmLabel = '決定',
    cancelLabel = 'キャンセル',
    danger,
  }: ConfirmOptions): Promise<boolean> {
    const { modals } = await ready();
    return new Promise((resolve) => {
      modals.openConfirmModal({
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
  };
}
