import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { REASON_MAX, staffingMessages } from '@renraku/contract/staff';

/**
 * 打刻の取消 (staffing.md §2): the reason is required (it goes to the audit log). Mantine's modal
 * traps the focus and starts in the reason; the focus goes back to the 取消 button on close.
 */
export function VoidEntryDialog({
  what,
  pending,
  onVoid,
  onClose,
}: {
  /** 「山田 花子の出勤 08:48」 */
  what: string;
  pending: boolean;
  onVoid: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  // The dialog is mounted while open (no closing transition runs Mantine's own return of focus):
  // the focus goes back to what opened it, when that is still on the page.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => void (opener?.isConnected && setTimeout(() => opener.focus(), 0)), [opener]);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const trimmed = reason.trim();
    if (trimmed.length === 0 || trimmed.length > REASON_MAX) return setError(staffingMessages.reason);
    onVoid(trimmed);
  };
  return (
    <Modal opened onClose={onClose} title="打刻の取消" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{what}を取り消します。打刻は消えずに取消線で残り、理由は監査ログに記録されます。</Text>
          <Textarea
            label="取り消す理由"
            required
            data-autofocus
            autosize
            minRows={2}
            maxLength={REASON_MAX}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button type="submit" color="red.9" loading={pending}>
              取り消す
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
