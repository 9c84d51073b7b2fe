import { Avatar, Button, FileButton, Group, Stack } from '@mantine/core';
import { guardianMessages, limits } from '@renraku/contract/client';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';

/** A chosen file the server would refuse by size, refused here first (the same limit and text). */
export function checkPhotoFile(file: File | null): file is File {
  if (!file) return false;
  if (file.size === 0 || file.size >= limits.imageMaxBytes) {
    showFailure(guardianMessages.imageTooLarge);
    return false;
  }
  return true;
}

/**
 * A photo with 「写真を登録／変更」 and 「写真を削除」 (staff.md §3: children and pick-up persons). The
 * server strips the metadata and makes the variants; `onChange(null)` removes it after a confirm.
 */
export function PhotoControl({
  imageUrl,
  name,
  fallback,
  canWrite,
  pending,
  onChange,
  size = 96,
}: {
  imageUrl: string | null;
  /** Whose photo, for the labels: 「山田 陽翔さんの写真」. */
  name: string;
  fallback: string;
  canWrite: boolean;
  pending: boolean;
  onChange: (file: File | null) => void;
  size?: number;
}) {
  const remove = async () => {
    const ok = await confirm({
      title: '写真の削除',
      message: `${name}さんの写真を削除しますか？`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) onChange(null);
  };
  return (
    <Group gap="md" align="center">
      <Avatar src={imageUrl} alt={imageUrl ? `${name}さんの写真` : undefined} size={size} radius={size} color="brand">
        {fallback}
      </Avatar>
      {canWrite && (
        <Stack gap="xs">
          <FileButton accept="image/*" onChange={(file) => checkPhotoFile(file) && onChange(file)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={pending}
                aria-label={`${name}さんの写真を${imageUrl ? '変更' : '登録'}`}
              >
                {imageUrl ? '写真を変更' : '写真を登録'}
              </Button>
            )}
          </FileButton>
          {imageUrl && (
            <Button
              variant="subtle"
              color="red"
              disabled={pending}
              onClick={() => void remove()}
              aria-label={`${name}さんの写真を削除`}
            >
              写真を削除
            </Button>
          )}
        </Stack>
      )}
    </Group>
  );
}
