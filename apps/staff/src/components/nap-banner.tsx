import { Alert, Button, Group, Stack, Text } from '@mantine/core';

export interface DueChild {
  id: number;
  name: string;
  /** Whole minutes late (overdue only). */
  late?: number;
  recheck: boolean;
}

/**
 * Who is due, by name (issue 29): overdue first, in red with ⚠ and the minutes late; then 「確認の
 *時間」 with ●. Never the colour alone; read out by screen readers as it changes (aria-live).
 */
export function NapBanner({
  overdue,
  due,
  muted,
  onToggleSound,
  testId,
}: {
  overdue: DueChild[];
  due: DueChild[];
  muted: boolean;
  onToggleSound: () => void;
  testId: string;
}) {
  const level = overdue.length > 0 ? 'overdue' : due.length > 0 ? 'due' : 'ok';
  return (
    <Alert
      // Overdue: solid dark red with white text (5.4 : 1), unlike the light amber of 「確認の時間」.
      color={level === 'overdue' ? 'red.9' : level === 'due' ? 'yellow' : 'teal'}
      variant={level === 'overdue' ? 'filled' : 'light'}
      data-testid={testId}
      data-level={level}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} aria-live="polite" style={{ minWidth: 0 }}>
          {overdue.length > 0 && (
            <Text fw={700} size="lg" c="white" data-testid={`${testId}-overdue`}>
              ⚠ 確認が遅れています（{overdue.length}人）：
              {overdue.map((c) => `${c.name}${c.recheck ? '（うつ伏せ再確認）' : ''} ${c.late}分`).join('、')}
            </Text>
          )}
          {due.length > 0 && (
            <Text fw={700} c={overdue.length > 0 ? 'white' : 'dark.9'} data-testid={`${testId}-due`}>
              ● 確認の時間（{due.length}人）：{due.map((c) => `${c.name}${c.recheck ? '（うつ伏せ再確認）' : ''}`).join('、')}
            </Text>
          )}
          {overdue.length === 0 && due.length === 0 && (
            <Text fw={700} c="dark.9">
              ✓ 全員確認済みです
            </Text>
          )}
        </Stack>
        <Button
          size="md"
          variant={overdue.length > 0 ? 'white' : 'default'}
          color="dark"
          onClick={onToggleSound}
          aria-pressed={!muted}
          style={{ flexShrink: 0 }}
        >
          {muted ? '通知音：オフ' : '通知音：オン'}
        </Button>
      </Group>
    </Alert>
  );
}
