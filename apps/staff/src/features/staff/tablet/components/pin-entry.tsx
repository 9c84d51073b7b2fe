import { Alert, Button, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { errorText } from '@renraku/ui/api';
import { useUnlock } from '../api';
import { PinDots } from '../../../../components/pin-dots';
import { PinPad } from '../../../../components/pin-pad';

/** The chosen person's PIN: sent as soon as the 4th digit is in; a wrong or locked PIN says so and clears. */
export function PinEntry({
  person,
  onUnlocked,
  onBack,
}: {
  person: { id: number; name: string };
  onUnlocked: () => void;
  onBack: () => void;
}) {
  const unlock = useUnlock();
  const [pin, setPin] = useState('');

  const onDigit = useCallback(
    (digit: string) => {
      if (unlock.isPending || pin.length >= 4) return;
      if (unlock.isError) unlock.reset();
      const next = pin + digit;
      setPin(next);
      if (next.length === 4) {
        unlock.mutate({ user_id: person.id, pin: next }, { onSuccess: onUnlocked, onError: () => setPin('') });
      }
    },
    [unlock, pin, person.id, onUnlocked],
  );
  const onDelete = useCallback(() => setPin((current) => current.slice(0, -1)), []);
  const onClear = useCallback(() => setPin(''), []);

  return (
    <Stack gap="lg" align="center">
      <Text size="xl" fw={700}>
        {person.name}さん
      </Text>
      <Text>PIN（4桁）を入力してください</Text>
      <PinDots length={pin.length} />
      {unlock.error ? (
        <Alert color="red" variant="light" role="alert" maw={480}>
          {errorText(unlock.error)}
        </Alert>
      ) : null}
      <PinPad onDigit={onDigit} onDelete={onDelete} onClear={onClear} disabled={unlock.isPending} />
      <Button variant="subtle" size="lg" onClick={onBack}>
        別の職員を選ぶ
      </Button>
    </Stack>
  );
}
