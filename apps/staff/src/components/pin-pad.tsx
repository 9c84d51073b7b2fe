import { Button, SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';

const KEY_SIZE = 72;
const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * A keypad with big keys (≥ 64 px, staff.md §1 touch targets) for a 4-digit PIN; the hardware
 * keyboard's digits and Backspace work too.
 */
export function PinPad({
  onDigit,
  onDelete,
  onClear,
  disabled,
}: {
  onDigit: (digit: string) => void;
  onDelete: () => void;
  onClear: () => void;
  disabled: boolean;
}) {
  useEffect(() => {
    if (disabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      if (/^\d$/.test(event.key)) onDigit(event.key);
      else if (event.key === 'Backspace') onDelete();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDigit, onDelete, disabled]);

  const key = (label: string, onClick: () => void, ariaLabel?: string, variant = 'default') => (
    <Button
      key={ariaLabel ?? label}
      variant={variant}
      h={KEY_SIZE}
      miw={KEY_SIZE}
      fz={label.length === 1 ? 28 : 18}
      onClick={onClick}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );

  return (
    <SimpleGrid cols={3} spacing="md" maw={3 * 96 + 32} mx="auto" data-testid="pin-pad">
      {digits.map((d) => key(d, () => onDigit(d)))}
      {key('やり直す', onClear, 'すべて消す', 'subtle')}
      {key('0', () => onDigit('0'))}
      {key('消す', onDelete, '1文字消す', 'subtle')}
    </SimpleGrid>
  );
}
