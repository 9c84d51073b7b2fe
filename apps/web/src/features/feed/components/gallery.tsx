import { Anchor, Stack, Text, UnstyledButton } from '@mantine/core';
import { limits, type FeedFile } from '@renraku/contract/client';
import { lazy, Suspense, useState } from 'react';

// The viewer (a full-screen modal) loads on the first tap, not with the feed.
const GalleryViewer = lazy(async () => ({ default: (await import('./gallery-viewer')).GalleryViewer }));

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
          <UnstyledButton
            key={`${image.id}`}
            style={tile}
            onClick={() => setViewing(i)}
            aria-label={`${label} ${i + 1}枚目を拡大表示`}
          >
            <img
              src={image.fileUrl}
              alt=""
              loading="lazy"
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
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
      {viewing !== null && (
        <Suspense fallback={null}>
          <GalleryViewer images={images} index={viewing} onChange={setViewing} label={label} />
        </Suspense>
      )}
    </Stack>
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
