import { Group, NativeSelect, Text } from '@mantine/core';
import { limits } from '@renraku/contract/client';

const hours = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const minutes = Array.from({ length: 60 / limits.minuteStep }, (_, i) => String(i * limits.minuteStep).padStart(2, '0'));

/** An HH:MM picker: hours 00–23, minutes in 5-minute steps (F §5, §9); `focusHour` is the hour offered first when empty. */
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
          data={hours}
          value={h}
          onChange={(e) => onChange(`${e.currentTarget.value}:${m}`)}
          w={80}
        />
        <Text aria-hidden>:</Text>
        <NativeSelect
          aria-label={`${label}（分）`}
          data={minutes}
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
