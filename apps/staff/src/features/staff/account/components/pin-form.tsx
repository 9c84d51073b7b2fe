import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { putStaffPin } from '@renraku/contract/staff';
import { showSuccess } from '../../../../components/alerts';
import { FormError } from '../../../../components/form-error';
import { validate, type FieldErrors } from '../../../../lib/validate';
import { useSetPin } from '../api';

/** The 4-digit PIN that unlocks the class tablets (staff.md §1), typed twice. */
export function PinForm() {
  const setPin = useSetPin();
  const [pin, setPinValue] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(putStaffPin.body!, { pin });
    const next: FieldErrors = { ...checked.errors };
    if (!next.pin && again !== pin) next.again = '同じPINをもう一度入力してください';
    setErrors(next);
    if (!checked.data || next.again) return;
    setPin.mutate(checked.data.pin, {
      onSuccess: (data) => {
        showSuccess(data.message);
        setPinValue('');
        setAgain('');
      },
    });
  };

  const digits = (value: string) => value.replace(/\D/g, '').slice(0, 4);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <FormError error={setPin.error} />
        <PasswordInput
          label="新しいPIN（4桁の数字）"
          inputMode="numeric"
          autoComplete="new-password"
          value={pin}
          onChange={(e) => setPinValue(digits(e.currentTarget.value))}
          error={errors.pin}
          visibilityToggleButtonProps={{ 'aria-label': 'PINを表示' }}
          required
        />
        <PasswordInput
          label="新しいPIN（確認）"
          inputMode="numeric"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(digits(e.currentTarget.value))}
          error={errors.again}
          visibilityToggleButtonProps={{ 'aria-label': '確認用のPINを表示' }}
          required
        />
        <Group>
          <Button type="submit" loading={setPin.isPending}>
            PINを保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
