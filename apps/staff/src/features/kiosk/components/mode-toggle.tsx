import { Button, Group } from '@mantine/core';
import type { ScanKind } from '../lib/types';

export type KioskMode = 'auto' | ScanKind;

const MODES: { value: KioskMode; label: string }[] = [
  { value: 'auto', label: '自動' },
  { value: 'arrival', label: '登園' },
  { value: 'pickup', label: '降園' },
];

/** 自動 (by the child's state that day) or a forced 登園 / 降園 for every scan until changed back. */
export function ModeToggle({ mode, onChange }: { mode: KioskMode; onChange: (mode: KioskMode) => void }) {
  return (
    <Group gap={0} role="group" aria-label="記録の種類">
      {MODES.map((m, i) => (
        <Button
          key={m.value}
          size="lg"
          variant={mode === m.value ? 'filled' : 'default'}
          aria-pressed={mode === m.value}
          onClick={() => onChange(m.value)}
          style={{
            borderTopLeftRadius: i === 0 ? undefined : 0,
            borderBottomLeftRadius: i === 0 ? undefined : 0,
            borderTopRightRadius: i === MODES.length - 1 ? undefined : 0,
            borderBottomRightRadius: i === MODES.length - 1 ? undefined : 0,
          }}
        >
          {m.label}
        </Button>
      ))}
    </Group>
  );
}
