import { Button, Popover, SimpleGrid } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * A button that opens a small panel of one-tap choices (a temperature, an excretion kind, a
 * phrase): two taps and no typing. The panel is a labelled dialog; a tap outside closes it and
 * still reaches what was tapped (the next child's button), so moving on costs no extra tap.
 */
export function QuickPick<T extends string | number>({
  who,
  noun,
  label,
  options,
  optionLabel = String,
  cols = 5,
  keepOpen = false,
  disabled,
  onPick,
  variant = 'default',
}: {
  who: string;
  noun: string;
  label: ReactNode;
  options: readonly T[];
  optionLabel?: (option: T) => string;
  cols?: number;
  /** Stay open after a pick (phrases: several in a row). */
  keepOpen?: boolean;
  disabled: boolean;
  onPick: (option: T) => void;
  variant?: 'default' | 'light';
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} withRoles={false} trapFocus={false} position="bottom-start" shadow="md">
      <Popover.Target>
        <Button
          h={44}
          px={10}
          variant={variant}
          disabled={disabled}
          aria-label={`${who} ${noun}を追加`}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={`${who} ${noun}`} p={6}>
        <SimpleGrid cols={cols} spacing={4}>
          {options.map((option) => (
            <Button
              key={String(option)}
              h={44}
              px={6}
              variant="light"
              onClick={() => {
                onPick(option);
                if (!keepOpen) setOpened(false);
              }}
            >
              {optionLabel(option)}
            </Button>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
