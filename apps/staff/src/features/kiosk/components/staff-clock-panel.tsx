import { Button, SimpleGrid, Text } from '@mantine/core';
import { KioskDialog } from './kiosk-dialog';
import { clockKindLabels, clockKinds, type ClockKind } from '@renraku/contract/staff';
import { fittingStep, STATE_LABEL, type ClockState } from '../lib/staff-clock';

/**
 * 職員の打刻 at the gate (docs/decisions/staffing-kiosk-clock.md): the named person's day as the
 * kiosk knows it, the step that fits large, the others under 「ほかの打刻」 (a day the kiosk knows
 * only in part: an entry made on the desktop while the tablet was offline).
 */
export function StaffClockPanel({
  name,
  state,
  entries,
  onPress,
  onClose,
}: {
  name: string;
  state: ClockState;
  entries: { kind: ClockKind; time: string }[];
  onPress: (kind: ClockKind) => void;
  onClose: () => void;
}) {
  const step = fittingStep(state);
  const others = clockKinds.filter((k) => k !== step);
  return (
    <KioskDialog title="職員の打刻" size={720} onClose={onClose}>
      <Text size="xl" fw={700} data-testid="clock-person">
        {name}さん（{STATE_LABEL[state]}）
      </Text>
      <Text size="md">
        きょうの打刻：
        {entries.length === 0 ? 'まだありません' : entries.map((e) => `${clockKindLabels[e.kind]} ${e.time}`).join('、')}
      </Text>
      {step && (
        <Button size="xl" h={96} fz={36} color="brand.8" onClick={() => onPress(step)}>
          {clockKindLabels[step]}
        </Button>
      )}
      <section aria-label="ほかの打刻">
        <Text size="sm" mb={4}>
          ほかの打刻
        </Text>
        <SimpleGrid cols={others.length}>
          {others.map((kind) => (
            <Button key={kind} size="lg" h={64} variant="default" onClick={() => onPress(kind)}>
              {clockKindLabels[kind]}
            </Button>
          ))}
        </SimpleGrid>
      </section>
    </KioskDialog>
  );
}
