import { ActionIcon, Anchor, Group, Image, Modal } from '@mantine/core';
import type { FeedFile } from '@renraku/contract/client';
import { useRef } from 'react';

/** Full-screen viewer; swipe left/right (or the buttons, or the arrow keys) to move between photos. */
export function GalleryViewer({
  images,
  index,
  onChange,
  label,
}: {
  images: FeedFile[];
  index: number | null;
  onChange: (i: number | null) => void;
  label: string;
}) {
  const start = useRef<number | null>(null);
  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < images.length) onChange(next);
  };
  const image = index === null ? null : images[index];
  return (
    <Modal
      opened={image != null}
      onClose={() => onChange(null)}
      fullScreen
      title={index === null ? label : `${label} ${index + 1} / ${images.length}`}
      closeButtonProps={{ 'aria-label': '閉じる' }}
      styles={{ content: { background: '#111' }, header: { background: '#111', color: '#fff' }, body: { padding: 0 } }}
    >
      {image && (
        <div
          data-qa="viewer"
          style={{
            height: 'calc(100dvh - 70px)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            touchAction: 'pan-y',
          }}
          onPointerDown={(e) => (start.current = e.clientX)}
          onPointerUp={(e) => {
            if (start.current === null) return;
            const dx = e.clientX - start.current;
            start.current = null;
            if (Math.abs(dx) > 40) go(dx < 0 ? 1 : -1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            if (e.key === 'ArrowLeft') go(-1);
          }}
        >
          <Image
            src={image.mediumUrl ?? image.url}
            alt={`${label} ${index! + 1}枚目`}
            fit="contain"
            mah="100%"
            draggable={false}
            style={{ userSelect: 'none' }}
          />
          <Group pos="absolute" bottom={16} left={0} right={0} justify="space-between" px="md">
            <ActionIcon
              size="xl"
              radius="xl"
              variant="white"
              color="dark"
              onClick={() => go(-1)}
              disabled={index === 0}
              aria-label="前の写真"
            >
              ‹
            </ActionIcon>
            <Anchor href={image.url} target="_blank" rel="noopener" c="white" size="sm">
              元の画像を開く
            </Anchor>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="white"
              color="dark"
              onClick={() => go(1)}
              disabled={index === images.length - 1}
              aria-label="次の写真"
            >
              ›
            </ActionIcon>
          </Group>
        </div>
      )}
    </Modal>
  );
}
