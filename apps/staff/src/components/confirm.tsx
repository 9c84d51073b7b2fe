import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before a destructive step; resolves true on 「confirmLabel」, false on cancel or close. */
export function confirm(options: { title: string; message: string; confirmLabel: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.message}</Text>,
      labels: { confirm: options.confirmLabel, cancel: 'キャンセル' },
      confirmProps: { color: options.danger ? 'red' : undefined },
      closeButtonProps: { 'aria-label': '閉じる' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
