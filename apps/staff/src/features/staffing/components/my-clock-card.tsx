import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { clockKindLabels, clockStateLabels, type ClockKind, type MyClock } from '@renraku/contract/staff';

/** Which buttons a state offers (the server refuses the rest with 409). */
const next: Record<MyClock['state'], ClockKind[]> = {
  off: ['in'],
  working: ['break_start', 'out'],
  on_break: ['break_end'],
  done: [],
};

/** One's own 打刻 on the desktop (staffing.md §2): the state, the next taps, the day's entries. */
export function MyClockCard({ clock, busy, onClock }: { clock: MyClock; busy: boolean; onClock: (kind: ClockKind) => void }) {
  const valid = clock.entries.filter((e) => e.voided === null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="my-clock">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} size="lg">
            自分の打刻：<span data-testid="my-clock-state">{clockStateLabels[clock.state]}</span>
            {clock.room && `（${clock.room.name}）`}
          </Text>
          <Group gap="sm">
            {next[clock.state].map((kind) => (
              <Button
                key={kind}
                size="md"
                variant={kind === 'in' || kind === 'break_end' ? 'filled' : 'default'}
                loading={busy}
                onClick={() => onClock(kind)}
              >
                {clockKindLabels[kind]}
              </Button>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dark.6">
          {valid.length === 0
            ? 'まだ打刻はありません。'
            : valid.map((e) => `${clockKindLabels[e.kind]} ${e.time}${e.source === 'correction' ? '（修正）' : ''}`).join('　')}
        </Text>
      </Stack>
    </Paper>
  );
}
