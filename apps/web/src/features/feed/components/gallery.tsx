import { limits, type FeedFile } from '@renraku/contract/client';
import { lazy, Suspense, useState } from 'react';
import css from './feed.module.css';

// The viewer (a full-screen modal) loads on the first tap, not with the feed.
const GalleryViewer = lazy(async () => ({ default: (await import('./gallery-viewer')).GalleryViewer }));

/** Photos as tiles: the first 5, then a '+N' expander; a tap opens the full-screen viewer (F §2, §9). */
export function Gallery({ images, label }: { images: FeedFile[]; label: string }) {
  const [expanded, setExpanded] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  const hidden = images.length - limits.galleryVisibleImages;
  const shown = expanded || hidden <= 0 ? images : images.slice(0, limits.galleryVisibleImages);
  return (
    <div className={css.stack4}>
      <p className={`${css.xs} ${css.bold} ${css.dimmed}`}>{label}</p>
      <div className={css.grid} data-qa="gallery">
        {shown.map((image, i) => (
          <button
            type="button"
            key={`${image.id}`}
            className={css.tile}
            onClick={() => setViewing(i)}
            aria-label={`${label} ${i + 1}枚目を拡大表示`}
          >
            <img src={image.fileUrl} alt="" loading="lazy" />
          </button>
        ))}
        {!expanded && hidden > 0 && (
          <button
            type="button"
            className={`${css.tile} ${css.rest}`}
            onClick={() => setExpanded(true)}
            aria-label={`残り${hidden}枚の写真を表示`}
          >
            +{hidden}
          </button>
        )}
      </div>
      {viewing !== null && (
        <Suspense fallback={null}>
          <GalleryViewer images={images} index={viewing} onChange={setViewing} label={label} />
        </Suspense>
      )}
    </div>
  );
}

/** Documents (handouts, menus) as download links with their size. */
export function Documents({ files }: { files: FeedFile[] }) {
  if (files.length === 0) return null;
  return (
    <div className={css.stack2}>
      {files.map((file) => (
        <a key={file.id} href={file.url} target="_blank" rel="noopener" className={css.link}>
          資料：{file.name}（{file.displaySize}）
        </a>
      ))}
    </div>
  );
}
