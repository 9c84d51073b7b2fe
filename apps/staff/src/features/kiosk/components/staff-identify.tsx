import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { KioskDialog } from './kiosk-dialog';
import { useState } from 'react';
import { kioskMessages } from '@renraku/contract/staff';
import { PinDots } from '../../../components/pin-dots';
import { PinPad } from '../../../components/pin-pad';
import type { KioskStaff } from '../lib/types';

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

  const press = async (digit: string) => {
    if (!person || checking || pin.length >= 4) return;
    const next = `${pin}${digit}`;
    setPin(next);
    if (next.length < 4) return;
    setChecking(true);
    const failed = await onPin(person, next);
    setChecking(false);
    setPin('');
    setError(failed);
  };

  return (
    <KioskDialog title="職員の確認" size={880} onClose={onCancel} error={error}>
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
          <PinDots length={pin.length} />
          <PinPad
            onDigit={(digit) => void press(digit)}
            onDelete={() => setPin((p) => p.slice(0, -1))}
            onClear={() => setPin('')}
            disabled={checking}
          />
          <Button variant="subtle" size="md" onClick={() => setPerson(null)}>
            ほかの職員を選ぶ
          </Button>
        </Stack>
      )}
    </KioskDialog>
  );
}
