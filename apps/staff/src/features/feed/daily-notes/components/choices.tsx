import { Button, Group } from '@mantine/core';

/** One tap per choice, 44 px high; tapping the chosen one again clears it. */
export function Choices<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: readonly T[];
  value: T | null;
  /** The option tapped; the handler toggles against the latest note, not this render's value. */
  onChange: (tapped: T) => void;
  disabled: boolean;
}) {
  return (
    <Group gap={4} role="group" aria-label={label} wrap="nowrap">
      {options.map((option) => (
        <Button
          key={option}
          h={44}
          px={10}
          size="sm"
          variant={value === option ? 'filled' : 'default'}
          aria-pressed={value === option}
          disabled={disabled}
          onClick={() => onChange(option)}
        >
          {option}
        </Button>
      ))}
    </Group>
  );
}
