import { Text } from '@mantine/core';

/**
 * A child's アレルギー where food is handed out or a child is received (the board and the entry
 * grid): never truncated, in the theme's danger colour with a word, not colour alone.
 */
export function AllergyNote({ allergies, size = 'xs' }: { allergies: string; size?: 'xs' | 'sm' }) {
  if (allergies === '') return null;
  return (
    <Text size={size} fw={700} c="red.9" data-testid="allergy-note" style={{ overflowWrap: 'anywhere' }}>
      アレルギー：{allergies}
    </Text>
  );
}
