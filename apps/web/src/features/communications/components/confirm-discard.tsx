import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { communicationMessages } from '@renraku/contract/client';

/** Asks before unsaved contact-book input is thrown away (F §4). Resolves true to discard. */
export function confirmDiscard(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: '入力内容の破棄',
      centered: true,
      closeButtonProps: { 'aria-label': '閉じる' },
      children: <Text size="sm">{communicationMessages.unsavedConfirm}</Text>,
      labels: { confirm: '決定', cancel: 'キャンセル' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
