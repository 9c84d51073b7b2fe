import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { kioskMessages } from '@renraku/contract/staff';
import type { KioskStaff } from '../lib/types';

const PAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', '消す'] as const;

/**
 * 職員の確認 at the gate (issue 29): the staff member's own QR held to the camera (offline too), or
 * their name and PIN (online only: the server checks it, counting wrong PINs per device and
 * person). Names the person for the next minutes; opens nothing else.
 */
export function StaffIdentify({
  staff,
  online,
  reason,
  onPin,
  onCancel,
}: {
  staff: KioskStaff[];
  online: boolean;
  /** What waits for the confirmation (「〇〇さんの登園」). */
  reason: string | null;
  /** Checks the PIN at the server; answers an error message, or null once identified. */
  onPin: (person: KioskStaff, pin: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [person, setPerson] = useState<KioskStaff | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const press = async (key: string) => {
    if (!person || checking) return;
    if (key === '消す') return setPin((p) => p.slice(0, -1));
    const next = `${pin}${key}`.slice(0, 4);
    setPin(next);
    if (next.length < 4) return;
    setChecking(true);
    const failed = await onPin(person, next);
    setChecking(false);
    setPin('');
    setError(failed);
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      size={880}
      title="職員の確認"
      closeButtonProps={{ 'aria-label': '閉じる', size: 'xl' }}
      styles={{ title: { fontSize: 24, fontWeight: 700 } }}
    >
      <Stack gap="md">
        {reason && (
          <Text size="lg" fw={700}>
            {reason}の記録には職員の確認が必要です
          </Text>
        )}
        <Text size="lg">職員QRをカメラにかざすか、名前を選んでPINを入力してください。</Text>
        {!online && (
          <Alert color="orange" variant="light">
            {kioskMessages.staffPinOffline}
          </Alert>
        )}
        {!person ? (
          <section aria-label="職員">
            <SimpleGrid cols={4} spacing="sm">
              {staff.map((s) => (
                <Button
                  key={s.user_id}
                  size="lg"
                  variant="default"
                  disabled={!online || !s.pin_set}
                  onClick={() => {
                    setPerson(s);
                    setError(null);
                  }}
                  styles={{ root: { minHeight: 56 } }}
                >
                  {s.name}
                </Button>
              ))}
            </SimpleGrid>
          </section>
        ) : (
          <Stack align="center" gap="sm">
            <Text size="xl" fw={700}>
              {person.name}さんのPIN
            </Text>
            <Text
              size="32px"
              fw={700}
              aria-live="polite"
              aria-label={`${pin.length}桁入力済み`}
              style={{ letterSpacing: '0.4em' }}
            >
              {'●'.repeat(pin.length).padEnd(4, '○')}
            </Text>
            <SimpleGrid cols={3} spacing="sm" w={330}>
              {PAD.map((key) =>
                key === '' ? (
                  <span key="blank" />
                ) : (
                  <Button
                    key={key}
                    size="xl"
                    variant="default"
                    h={64}
                    onClick={() => void press(key)}
                    loading={checking && key === '0'}
                    aria-label={key === '消す' ? '1文字消す' : key}
                  >
                    {key}
                  </Button>
                ),
              )}
            </SimpleGrid>
            <Button variant="subtle" size="md" onClick={() => setPerson(null)}>
              ほかの職員を選ぶ
            </Button>
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button size="lg" variant="default" onClick={onCancel}>
            やめる
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
