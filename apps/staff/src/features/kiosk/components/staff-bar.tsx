import { Button, Group, Paper, Text } from '@mantine/core';
import { minutesLeft, type GateStaff } from '../lib/gate-staff';

/** The staff member the gate names for touch check-ins and pick-ups, with 「交代」; or how to name one. */
export function StaffBar({
  staff,
  onIdentify,
  onForget,
}: {
  staff: GateStaff | null;
  onIdentify: () => void;
  onForget: () => void;
}) {
  return (
    <Paper withBorder radius="md" px="sm" py={6} aria-label="確認する職員" component="section">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {staff ? (
          <Text fw={700} size="lg" data-testid="gate-staff">
            確認者：{staff.name}（あと{minutesLeft(staff)}分）
          </Text>
        ) : (
          <Text size="sm">タッチでの記録・お迎えの確認には職員の確認が必要です</Text>
        )}
        {staff ? (
          <Button size="md" variant="default" onClick={onForget} style={{ flexShrink: 0 }}>
            交代
          </Button>
        ) : (
          <Button size="md" onClick={onIdentify} style={{ flexShrink: 0 }}>
            職員を確認
          </Button>
        )}
      </Group>
    </Paper>
  );
}
