import { messages } from '@renraku/contract/client/messages';
import css from './loading.module.css';

/**
 * The loading state: 「読み込み中...」 (A §1). Plain elements and CSS, no Mantine: the guardian app
 * shows it before Mantine has loaded; the staff app's looks the same.
 */
export function Loading() {
  return (
    <div className={css.root} role="status" aria-live="polite">
      <div className={css.stack}>
        <span className={css.loader} aria-hidden />
        <p className={css.text}>{messages.loading}</p>
      </div>
    </div>
  );
}
