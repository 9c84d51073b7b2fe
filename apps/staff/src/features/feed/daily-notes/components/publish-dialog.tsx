import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { publishGroupLabels, publishGroupOf, publishGroups, type ClassDay, type PublishGroup } from '@renraku/contract/staff';

/** The class's children by how the class's 公開 treats them (the server groups by the same rule). */
export function groupsOf(day: ClassDay): Record<PublishGroup, ClassDay['children']> {
  const groups = Object.fromEntries(publishGroups.map((g) => [g, [] as ClassDay['children']])) as Record<
    PublishGroup,
    ClassDay['children']
  >;
  for (const child of day.children) groups[publishGroupOf(child)].push(child);
  return groups;
}

/**
 * Before the class's 公開: what will be sent, with counts and names per group (new, changed,
 * unchanged: not sent again, empty: not sent unless chosen), and one button that says how many.
 */
export function PublishDialog({
  day,
  onClose,
  onConfirm,
  publishing,
}: {
  day: ClassDay | null;
  onClose: () => void;
  onConfirm: (includeEmpty: boolean) => void;
  publishing: boolean;
}) {
  const [includeEmpty, setIncludeEmpty] = useState(false);
  const groups = day ? groupsOf(day) : null;
  const emptyWithDraft = groups ? groups.empty.filter((c) => c.status === 'draft').length : 0;
  const sending = groups ? groups.new.length + groups.changed.length + (includeEmpty ? emptyWithDraft : 0) : 0;
  return (
    <Modal opened={day !== null} onClose={onClose} title="連絡帳の公開" size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      {groups && (
        <Stack gap="sm">
          {publishGroups.map((group) => (
            <Stack key={group} gap={2} data-group={group}>
              <Text fw={700} size="sm">
                {publishGroupLabels[group]}：{groups[group].length}人
              </Text>
              {groups[group].length > 0 && (
                <Text size="sm" c="dark.6">
                  {groups[group].map((c) => c.name + (c.absent ? '（欠席）' : '')).join('、')}
                </Text>
              )}
            </Stack>
          ))}
          {emptyWithDraft > 0 && (
            <Checkbox
              size="md"
              checked={includeEmpty}
              onChange={(e) => setIncludeEmpty(e.currentTarget.checked)}
              label={`献立のみの${emptyWithDraft}人にも送る`}
            />
          )}
          <Text size="sm">公開すると、保護者のホームに記入者（あなた）の名前で表示されます。</Text>
          <Group justify="flex-end">
            <Button h={44} variant="default" onClick={onClose}>
              キャンセル
            </Button>
            <Button h={44} disabled={sending === 0} loading={publishing} onClick={() => onConfirm(includeEmpty)}>
              {sending === 0 ? '送る連絡帳がありません' : `${sending}人に公開する`}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
