import { Group, Modal, Stack } from '@mantine/core';
import type { DayContactBook } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { useInboxActions } from '../api';
import { ConfirmControl } from './confirm-control';
import { ContactBookContent } from './entry-content';
import { ReplyForm } from './reply-form';

/** A child's contact book of the day, one tap from the board: its content, 確認 and the reply. */
export function ContactBookModal({
  facilityId,
  childName,
  book,
  canWrite,
  onClose,
}: {
  facilityId: number;
  childName: string;
  book: DayContactBook;
  canWrite: boolean;
  onClose: () => void;
}) {
  const actions = useInboxActions(facilityId);
  const run = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      showSuccess(message);
    } catch (error) {
      showFailure(error);
      throw error;
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${childName}さんの連絡帳`} closeButtonProps={{ 'aria-label': '閉じる' }}>
      <Stack gap="md">
        <Group justify="flex-end">
          <ConfirmControl
            confirmed={book.confirmed}
            canWrite={canWrite}
            pending={actions.confirmContactBook.isPending}
            onConfirm={() =>
              void run(() => actions.confirmContactBook.mutateAsync(book.id), '確認しました').catch(() => undefined)
            }
            label={`${childName}さんの連絡帳`}
          />
        </Group>
        <ContactBookContent book={book} />
        <ReplyForm
          book={book}
          canWrite={canWrite}
          pending={actions.reply.isPending}
          childName={childName}
          onReply={(text) => run(() => actions.reply.mutateAsync({ contactBookId: book.id, text }), '返信しました')}
        />
      </Stack>
    </Modal>
  );
}
