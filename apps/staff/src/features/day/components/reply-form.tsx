import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { dayReplyBody, dayReplyMaxLength, type DayContactBook } from '@renraku/contract/staff';
import { timeLabel } from '@renraku/ui/dates';

/** The reply under a contact book: the one sent, or a short form (validated as the server does). */
export function ReplyForm({
  book,
  canWrite,
  pending,
  onReply,
  childName,
}: {
  book: DayContactBook;
  canWrite: boolean;
  pending: boolean;
  onReply: (text: string) => Promise<unknown>;
  childName: string;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const submit = async () => {
    const parsed = dayReplyBody.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    try {
      await onReply(parsed.data.text);
      setText('');
      setEditing(false);
    } catch {
      // The failure is shown by the caller.
    }
  };
  return (
    <Stack gap={6}>
      {book.reply && (
        <Stack gap={0} p="xs" bg="gray.1" style={{ borderRadius: 8 }} data-testid="staff-reply">
          <Text size="xs" c="dimmed">
            園からの返信（{book.reply.by_name ?? '職員'} {timeLabel(book.reply.at)}）
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {book.reply.text}
          </Text>
        </Stack>
      )}
      {canWrite && (book.reply === null || editing) && (
        <>
          <Textarea
            label={`${childName}さんの連絡帳への返信`}
            description={`${dayReplyMaxLength}文字以内。保護者のアプリの連絡帳の下に表示されます`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
            size="md"
          />
          <Group justify="space-between">
            <Text size="xs" c={text.length > dayReplyMaxLength ? 'red.9' : 'dimmed'}>
              {text.length}/{dayReplyMaxLength}
            </Text>
            <Button h={44} onClick={() => void submit()} loading={pending}>
              返信する
            </Button>
          </Group>
        </>
      )}
      {canWrite && book.reply !== null && !editing && (
        <Button h={44} variant="default" onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
          返信を書き直す
        </Button>
      )}
    </Stack>
  );
}
