import { Group, NativeSelect, Text } from '@mantine/core';
import { hourOptions, minuteOptions } from '@renraku/contract/client';

/**
 * An HH:MM picker: hours 00–23, minutes in 5-minute steps (F §5, §9); `focusHour` is the hour offered first when empty.
 * Native selects that always hold a time, unlike the contact book's (communications/components/time-select.tsx),
 * whose lists offer '--' for no time: a schedule always has both times.
 */
export function TimeSelect({
  label,
  value,
  onChange,
  focusHour,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  focusHour: string;
  error?: string;
}) {
  const [h, m] = (value ?? `${focusHour}:00`).split(':') as [string, string];
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={`${label}-label`}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap" role="group" aria-labelledby={`${label}-label`}>
        <NativeSelect
          aria-label={`${label}（時）`}
          data={hourOptions}
          value={h}
          onChange={(e) => onChange(`${e.currentTarget.value}:${m}`)}
          w={80}
        />
        <Text aria-hidden>:</Text>
        <NativeSelect
          aria-label={`${label}（分）`}
          data={minuteOptions}
          value={m}
          onChange={(e) => onChange(`${h}:${e.currentTarget.value}`)}
          w={80}
        />
      </Group>
      {error && (
        <Text size="sm" c="red.9" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
