import { ActionIcon, Anchor, Group, Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { limits, type FeedFile } from '@renraku/contract/client';
import { useRef, useState } from 'react';

const tile = { width: '100%', aspectRatio: '1 / 1', borderRadius: 6, overflow: 'hidden', display: 'block' } as const;

/** Photos as tiles: the first 5, then a '+N' expander; a tap opens the full-screen viewer (F §2, §9). */
export function Gallery({ images, label }: { images: FeedFile[]; label: string }) {
  const [expanded, setExpanded] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  const hidden = images.length - limits.galleryVisibleImages;
  const shown = expanded || hidden <= 0 ? images : images.slice(0, limits.galleryVisibleImages);
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="dimmed">
        {label}
      </Text>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }} data-qa="gallery">
        {shown.map((image, i) => (
          <UnstyledButton key={`${image.id}`} style={tile} onClick={() => setViewing(i)} aria-label={`${label} ${i + 1}枚目を拡大表示`}>
            <img src={image.fileUrl} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
          </UnstyledButton>
        ))}
        {!expanded && hidden > 0 && (
          <UnstyledButton
            style={{ ...tile, background: '#4a4a4a', color: '#fff', fontSize: 22, fontWeight: 700, textAlign: 'center' }}
            onClick={() => setExpanded(true)}
            aria-label={`残り${hidden}枚の写真を表示`}
          >
            +{hidden}
          </UnstyledButton>
        )}
      </div>
      <Viewer images={images} index={viewing} onChange={setViewing} label={label} />
    </Stack>
  );
}

/** Full-screen viewer; swipe left/right (or the buttons, or the arrow keys) to move between photos. */
function Viewer({ images, index, onChange, label }: { images: FeedFile[]; index: number | null; onChange: (i: number | null) => void; label: string }) {
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
          style={{ height: 'calc(100dvh - 70px)', display: 'flex', alignItems: 'center', justifyContent: 'center', touchAction: 'pan-y' }}
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
          <Image src={image.mediumUrl ?? image.url} alt={`${label} ${index! + 1}枚目`} fit="contain" mah="100%" draggable={false} style={{ userSelect: 'none' }} />
          <Group pos="absolute" bottom={16} left={0} right={0} justify="space-between" px="md">
            <ActionIcon size="xl" radius="xl" variant="white" color="dark" onClick={() => go(-1)} disabled={index === 0} aria-label="前の写真">
              ‹
            </ActionIcon>
            <Anchor href={image.url} target="_blank" rel="noopener" c="white" size="sm">
              元の画像を開く
            </Anchor>
            <ActionIcon size="xl" radius="xl" variant="white" color="dark" onClick={() => go(1)} disabled={index === images.length - 1} aria-label="次の写真">
              ›
            </ActionIcon>
          </Group>
        </div>
      )}
    </Modal>
  );
}

/** Documents (handouts, menus) as download links with their size. */
export function Documents({ files }: { files: FeedFile[] }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={2}>
      {files.map((file) => (
        <Anchor key={file.id} href={file.url} target="_blank" rel="noopener" size="sm">
          資料：{file.name}（{file.displaySize}）
        </Anchor>
      ))}
    </Stack>
  );
}
