import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { napPositionLabels, napPositions, type NapChild, type NapPosition } from '@renraku/contract/staff';
import { timeLabel } from '@renraku/ui/dates';
import { minutesLate, type NapState } from '../../../lib/nap-due';

const frame: Record<NapState, { border: string; background: string }> = {
  idle: { border: 'var(--mantine-color-gray-4)', background: 'var(--mantine-color-white)' },
  ok: { border: 'var(--mantine-color-teal-7)', background: 'var(--mantine-color-white)' },
  due: { border: 'var(--mantine-color-yellow-7)', background: 'var(--mantine-color-yellow-0)' },
  overdue: { border: 'var(--mantine-color-red-8)', background: 'var(--mantine-color-red-0)' },
};

/** What the card says (never the colour alone). */
function stateText(child: NapChild, state: NapState, now: number, running: boolean) {
  const due = child.next_due_at ? timeLabel(child.next_due_at) : '';
  const prefix = child.recheck ? 'うつ伏せ・再確認：' : '';
  switch (state) {
    case 'idle':
      return running ? '' : child.checks.length > 0 ? '午睡終了' : '午睡前';
    case 'ok':
      return `${prefix}次の確認 ${due}`;
    case 'due':
      return `${prefix}確認の時間です（${due}）`;
    case 'overdue':
      return `${prefix}確認が${minutesLate(child, now)}分遅れています（${due}）`;
  }
}

/**
 * A sleeping child on the nap grid: the state (colour, a thick border and text), the last check and
 * one tap per position, each recording 「呼吸よし」; 呼吸に異常 asks for the position first.
 */
export function NapChildCard({
  child,
  state,
  now,
  running,
  writable,
  busy,
  onCheck,
  onAbnormal,
}: {
  child: NapChild;
  state: NapState;
  now: number;
  running: boolean;
  writable: boolean;
  busy: boolean;
  onCheck: (position: NapPosition) => void;
  onAbnormal: () => void;
}) {
  const last = child.checks[child.checks.length - 1];
  const text = stateText(child, state, now, running);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={`nap-child-${child.id}`}
      data-state={state}
      style={{
        borderWidth: state === 'idle' || state === 'ok' ? 2 : 4,
        borderColor: frame[state].border,
        background: frame[state].background,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="lg">
            {child.name}
          </Text>
          {(state === 'due' || state === 'overdue') && (
            <Text fw={700} c={state === 'overdue' ? 'red.9' : 'dark.9'} size="sm">
              {state === 'overdue' ? '⚠ 遅れ' : '● 確認'}
            </Text>
          )}
        </Group>
        {child.absence_reported && (
          <Text size="sm" c="dark.7">
            欠席の連絡がありましたが登園しています
          </Text>
        )}
        <Text size="sm" fw={state === 'overdue' || state === 'due' ? 700 : 400} c={state === 'overdue' ? 'red.9' : 'dark.9'}>
          {text || '\u00a0'}
        </Text>
        <Text size="sm" c="dark.6">
          {last
            ? `最終 ${timeLabel(last.at)} ${napPositionLabels[last.position]}・${last.breathing_ok ? '呼吸よし' : '呼吸に異常'}（${last.by.name}）`
            : 'まだ確認していません'}
        </Text>
        {writable && running && (
          <>
            <Group gap={6} grow wrap="nowrap">
              {napPositions.map((position) => (
                <Button
                  key={position}
                  size="md"
                  px={4}
                  variant={position === 'prone' ? 'outline' : 'light'}
                  color={position === 'prone' ? 'red.9' : undefined}
                  disabled={busy}
                  onClick={() => onCheck(position)}
                  aria-label={`${child.name}：${napPositionLabels[position]}・呼吸よし`}
                >
                  {napPositionLabels[position]}
                </Button>
              ))}
            </Group>
            <Button
              size="md"
              variant="subtle"
              color="red.9"
              c="red.9"
              disabled={busy}
              onClick={onAbnormal}
              aria-label={`${child.name}：呼吸・顔色に異常`}
            >
              呼吸・顔色に異常
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
