import { useEffect, useSyncExternalStore } from 'react';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { monthDayLabel } from '@renraku/contract/dates';
import { useChildren } from '../lib/children';
import { dismissQueuedSend, getQueuedSends, onQueuedSent, subscribeQueuedSends, type QueuedSend } from '../lib/send-queue';

const kindLabels = { absence: '欠席連絡', attendance: '登園・お迎え時間の変更', contactBook: '連絡帳' } as const;

/** The day a report is about, from its body (absences: the first day and how many more). */
function dayOf(item: QueuedSend): string {
  const body = item.body as { absenceDates?: string[]; targetDate?: string; contactOn?: string };
  if (body.absenceDates?.length) {
    const more = body.absenceDates.length - 1;
    return monthDayLabel(body.absenceDates[0]!) + (more > 0 ? ` ほか${more}日` : '');
  }
  return monthDayLabel(body.targetDate ?? body.contactOn ?? '');
}

/**
 * 送信待ち: the reports kept on this device until the network returns (lib/send-queue.ts), and
 * those the server refused on the way, with its message. Nothing shows while the queue is empty.
 */
export default function PendingSends() {
  const items = useSyncExternalStore(subscribeQueuedSends, getQueuedSends);
  const { children } = useChildren();
  const queryClient = useQueryClient();

  // A report that arrived changes the lists that show it (history, the absence check, the contact book).
  useEffect(
    () =>
      onQueuedSent(() => {
        for (const key of ['child-attendances', 'child-is-absence', 'families-information']) {
          void queryClient.invalidateQueries({ queryKey: [key] });
        }
      }),
    [queryClient],
  );

  if (items.length === 0) return null;
  const nameOf = (childId: number) => children.find((c) => c.id === childId)?.first_name ?? '';
  const waiting = items.filter((i) => !i.error);
  const refused = items.filter((i) => i.error);
  return (
    <Alert
      color="orange"
      variant="light"
      m="sm"
      title={`送信待ち（${items.length}件）`}
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      data-qa="pending-sends"
    >
      {waiting.length > 0 && (
        <>
          <Text size="sm">通信が戻ると自動で送信します。</Text>
          <List size="sm" mt={4}>
            {waiting.map((item) => (
              <List.Item key={item.key} data-qa="pending-send">
                {nameOf(item.childId)} {kindLabels[item.kind]}（{dayOf(item)}）：送信待ち
              </List.Item>
            ))}
          </List>
        </>
      )}
      {refused.map((item) => (
        <Group key={item.key} mt="xs" justify="space-between" wrap="nowrap" align="flex-start" data-qa="refused-send">
          <Text size="sm" c="red.9">
            {nameOf(item.childId)} {kindLabels[item.kind]}（{dayOf(item)}）は送信できませんでした：{item.error}
          </Text>
          <Button size="xs" variant="default" onClick={() => void dismissQueuedSend(item.key)}>
            閉じる
          </Button>
        </Group>
      ))}
    </Alert>
  );
}
