import { Group } from '@mantine/core';

/** How many of the 4 digits have been typed, as dots (the digits themselves are never shown). */
export function PinDots({ length }: { length: number }) {
  return (
    <Group justify="center" gap="lg" role="img" aria-label={`${length}桁入力済み（4桁中）`}>
      {[0, 1, 2, 3].map((i) => (
        <span
          key={i}
          style={{
            width: 20,
            height: 20,
            borderRadius: '50%',
            border: '2px solid var(--mantine-color-brand-8)',
            background: i < length ? 'var(--mantine-color-brand-8)' : 'transparent',
          }}
        />
      ))}
    </Group>
  );
}
