import { Button, Fieldset, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { RefObject } from 'react';

export const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];

/** 添付ファイル: the notice's saved files (削除), the chosen ones waiting to upload with their progress (外す), ファイルを追加. */
export function FilesFieldset({
  files,
  pending,
  disabled,
  resetFiles,
  onAdd,
  onRemoveSaved,
  onRemovePending,
}: {
  files: { id: number; name: string }[];
  pending: { file: File; progress: number }[];
  disabled: boolean;
  resetFiles: RefObject<(() => void) | null>;
  onAdd: (files: File[]) => void;
  onRemoveSaved: (fileId: number) => void;
  onRemovePending: (index: number) => void;
}) {
  return (
    <Fieldset legend="添付ファイル（画像・PDF）" disabled={disabled}>
      <Stack gap="xs">
        {files.map((f) => (
          <Group key={f.id} justify="space-between">
            <Text>{f.name}</Text>
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="sm"
              aria-label={`${f.name}を削除`}
              onClick={() => onRemoveSaved(f.id)}
            >
              削除
            </Button>
          </Group>
        ))}
        {pending.map((p, i) => (
          <Stack key={`${p.file.name}-${i}`} gap={2}>
            <Group justify="space-between">
              <Text>{p.file.name}</Text>
              <Button variant="subtle" size="sm" onClick={() => onRemovePending(i)} aria-label={`${p.file.name}を外す`}>
                外す
              </Button>
            </Group>
            <Progress value={p.progress * 100} aria-label={`${p.file.name}のアップロード`} size="sm" />
          </Stack>
        ))}
        <FileButton
          onChange={onAdd}
          accept={ACCEPTED.join(',')}
          multiple
          resetRef={resetFiles}
          inputProps={{ 'data-testid': 'notice-file-input' } as object}
        >
          {(props) => (
            <Button {...props} variant="default" size="md" w="fit-content">
              ファイルを追加
            </Button>
          )}
        </FileButton>
      </Stack>
    </Fieldset>
  );
}
