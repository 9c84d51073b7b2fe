import { feedTexts } from '@renraku/contract/client';
import { useState } from 'react';
import css from './feed.module.css';

/** Text cut at the server's threshold, expandable with 「…もっとみる」 and collapsible with 「小さくする」 (F §2, §9). */
export function TruncatedText({ text, threshold }: { text: string; threshold: number }) {
  const [open, setOpen] = useState(false);
  const characters = [...text];
  const long = characters.length > threshold;
  return (
    <div>
      <p className={`${css.sm} ${css.pre}`}>
        {long && !open ? characters.slice(0, threshold).join('') : text}
        {long && !open && (
          <button type="button" className={css.textButton} style={{ marginLeft: 4 }} onClick={() => setOpen(true)}>
            {feedTexts.readMore}
          </button>
        )}
      </p>
      {long && open && (
        <button type="button" className={css.textButton} onClick={() => setOpen(false)}>
          {feedTexts.readLess}
        </button>
      )}
    </div>
  );
}
