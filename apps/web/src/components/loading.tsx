import { messages } from '@renraku/contract/client/messages';
import css from './loading.module.css';

/** The loading state: "読み込み中..." (A §1). Plain elements: it shows before Mantine has loaded. */
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
