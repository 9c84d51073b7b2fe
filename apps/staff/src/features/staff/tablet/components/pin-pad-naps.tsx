import { Stack, Text } from '@mantine/core';
import type { DeviceNapStatus } from '@renraku/contract/staff';
import { timeLabel } from '@renraku/ui/dates';
import { useDeviceNapStatus } from '../api';
import { NapBanner, type DueChild } from '../../../../components/nap-banner';
import { minutesLate, napState, useNow } from '../../../../lib/nap-due';
import { useNapSound, useOverdueAlarm } from '../../../../lib/use-overdue-alarm';

type Nap = DeviceNapStatus['naps'][number];

/** One class's due and overdue children by the tablet's clock (as the grid: a minute either side). */
function dueOf(nap: Nap, now: number) {
  const rows = nap.children.map((c) => {
    const row: DueChild = { id: c.id, name: c.first_name, recheck: c.recheck, late: minutesLate(c, now) };
    return { state: napState(c, now), row };
  });
  const next = nap.children.map((c) => c.next_due_at).sort()[0];
  return {
    overdue: rows.filter((r) => r.state === 'overdue').map((r) => r.row),
    due: rows.filter((r) => r.state === 'due').map((r) => r.row),
    next: next ? timeLabel(next) : null,
  };
}

/**
 * The locked tablet's nap line (issue 29): during a nap the PIN pad says whose check is due or late
 * by given name — the device's own read, no one need unlock to see it — and beeps when a child
 * becomes overdue (unless muted). Nothing outside nap time.
 */
export function PinPadNaps() {
  const status = useDeviceNapStatus(true);
  const now = useNow();
  const sound = useNapSound();
  const naps = (status.data?.naps ?? []).map((nap) => ({ nap, ...dueOf(nap, now) }));
  useOverdueAlarm(
    naps.flatMap((n) => n.overdue.map((c) => c.id)),
    sound.muted,
  );
  if (naps.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="pin-pad-naps">
      {naps.map(({ nap, overdue, due, next }) => (
        <Stack key={nap.class.id} gap={4}>
          <Text fw={700}>
            {nap.class.name}：午睡中（{timeLabel(nap.started_at)}〜）
            {overdue.length === 0 && due.length === 0 && next ? `・次の確認 ${next}` : ''}
          </Text>
          <NapBanner
            overdue={overdue}
            due={due}
            muted={sound.muted}
            onToggleSound={sound.toggle}
            testId={`pin-pad-naps-${nap.class.id}`}
          />
        </Stack>
      ))}
      <Text size="sm" c="dark.7">
        PINを入力すると、ロックした時の画面（午睡チェック）に戻ります。
      </Text>
    </Stack>
  );
}
