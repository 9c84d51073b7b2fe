import { CloseButton, Group, Paper, Stack, Text, Transition } from '@mantine/core';
import { useEffect } from 'react';
import { limits } from '@renraku/contract/client';

/** A snackbar: shown 3000 ms, then a 300 ms fade; a close button (A §9). */
export function Snackbar({ title, message, onClose }: { title: string; message: string | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onClose, limits.snackbarMs);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <Transition mounted={!!message} transition="fade" duration={limits.snackbarFadeMs}>
      {(style) => (
        <Paper
          role="status"
          shadow="md"
          radius="md"
          p="sm"
          bg="dark.7"
          c="white"
          style={{
            ...style,
            position: 'fixed',
            left: 16,
            right: 16,
            bottom: 24,
            zIndex: 300,
            maxWidth: 480,
            marginInline: 'auto',
          }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text size="sm" fw={700}>
                {title}
              </Text>
              <Text size="sm">{message}</Text>
            </Stack>
            <CloseButton aria-label="閉じる" onClick={onClose} variant="transparent" c="white" />
          </Group>
        </Paper>
      )}
    </Transition>
  );
}
