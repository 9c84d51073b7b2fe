import { Button, FileButton, Group, Image, Modal, Progress, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { guardianMessages, limits } from '@renraku/contract/client';
import type { PhotoUploadInput } from '../lib/upload';
import { showFailure, showSuccess } from './alerts';

interface PhotoUploadProps {
  upload: UseMutationResult<unknown, Error, PhotoUploadInput>;
  /** The control that opens the file chooser; spread the given props onto a button. */
  trigger: (props: { onClick: () => void }) => ReactNode;
}

/**
 * Choose → preview modal → confirm → upload with progress (A §4 Photo upload), for a child's photo
 * and the guardian's own avatar alike; the caller's mutation updates its own state on success.
 */
export function PhotoUpload({ upload, trigger }: PhotoUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  const choose = (chosen: File | null) => {
    if (!chosen) return showFailure(guardianMessages.imageRequired);
    if (chosen.size === 0 || chosen.size >= limits.imageMaxBytes) return showFailure(guardianMessages.imageTooLarge);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };
  const close = () => {
    if (preview) URL.revokeObjectURL(preview);
    setFile(null);
    setPreview(null);
    setProgress(0);
  };
  const confirmUpload = () => {
    if (!file) return showFailure(guardianMessages.imageRequired);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          showSuccess(guardianMessages.imageUploaded);
          close();
        },
        onError: (error) => {
          showFailure(error);
          setProgress(0);
        },
      },
    );
  };

  return (
    <>
      <FileButton onChange={choose} accept="image/*">
        {trigger}
      </FileButton>
      <Modal
        opened={!!file}
        onClose={upload.isPending ? () => {} : close}
        title="この写真を登録しますか？"
        centered
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        <Stack>
          {preview && <Image src={preview} alt="選択した写真のプレビュー" radius="md" mah={300} fit="contain" />}
          {upload.isPending && <Progress value={progress} aria-label="アップロードの進み具合" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={upload.isPending}>
              キャンセル
            </Button>
            <Button onClick={confirmUpload} loading={upload.isPending} disabled={upload.isPending}>
              登録する
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
