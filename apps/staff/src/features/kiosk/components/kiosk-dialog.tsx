import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog of the gate kiosk (降園, 職員の確認, 職員の打刻): large title and close button for a standing
 * adult at arm's length, what went wrong read out at once, and 「やめる」 at the end.
 */
export function KioskDialog({
  title,
  size,
  error,
  onClose,
  children,
}: {
  title: string;
  size: number;
  error?: string | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={title}
      closeButtonProps={{ 'aria-label': '閉じる', size: 'xl' }}
      styles={{ title: { fontSize: 24, fontWeight: 700 } }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button size="lg" variant="default" onClick={onClose}>
            やめる
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
