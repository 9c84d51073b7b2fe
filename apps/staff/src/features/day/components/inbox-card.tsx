import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { InboxItem } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { timeLabel } from '@renraku/ui/dates';
import { useInboxActions } from '../api';
import { ConfirmControl } from './confirm-control';
import { ContactBookContent, ReportContent } from './entry-content';
import { ReplyForm } from './reply-form';

/** One entry of the inbox: who, what, 確認, and for a contact book its content and the reply. */
export function InboxCard({ item, facilityId }: { item: InboxItem; facilityId: number }) {
  const actions = useInboxActions(facilityId);
  const confirmed = item.report?.confirmed ?? item.contact_book?.confirmed ?? null;
  const sentAt = item.report?.sent_at ?? item.contact_book?.sent_at ?? '';
  const kindLabel = item.report ? '欠席・時間変更' : '連絡帳';
  const run = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      showSuccess(message);
    } catch (error) {
      showFailure(error);
      throw error;
    }
  };
  const confirm = () =>
    void run(
      () =>
        item.report
          ? actions.confirmReport.mutateAsync(item.report.id)
          : actions.confirmContactBook.mutateAsync(item.contact_book!.id),
      '確認しました',
    ).catch(() => undefined);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`${item.child.name}さんの${kindLabel}`}
      data-testid="inbox-item"
      data-key={item.key}
      style={confirmed ? undefined : { borderLeft: '6px solid var(--mantine-color-brand-6)' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700} size="lg">
                {item.child.name}
              </Text>
              {item.class && (
                <Badge variant="light" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                  {item.class.name}
                </Badge>
              )}
              {item.contact_book && (
                <Badge color="grape.8" variant="filled">
                  連絡帳
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              受信 {timeLabel(sentAt)}
            </Text>
          </Stack>
          <ConfirmControl
            confirmed={confirmed}
            canWrite={item.can_write}
            pending={actions.confirmReport.isPending || actions.confirmContactBook.isPending}
            onConfirm={confirm}
            label={`${item.child.name}さんの${kindLabel}`}
          />
        </Group>
        {item.report && <ReportContent report={item.report} />}
        {item.contact_book && (
          <>
            <ContactBookContent book={item.contact_book} showSent={false} />
            <ReplyForm
              book={item.contact_book}
              canWrite={item.can_write}
              pending={actions.reply.isPending}
              childName={item.child.name}
              onReply={(text) =>
                run(() => actions.reply.mutateAsync({ contactBookId: item.contact_book!.id, text }), '返信しました')
              }
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
