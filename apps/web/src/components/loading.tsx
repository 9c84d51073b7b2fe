import { messages } from '@renraku/contract/client/messages';

/**
 * The loading state: "読み込み中..." (A §1). Plain elements and global.css's classes: it shows before
 * Mantine has loaded, and index.html holds the same markup, painted before any script has run.
 */
export function Loading() {
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <div className="app-loading-stack">
        <span className="app-loading-loader" aria-hidden />
        <p className="app-loading-text">{messages.loading}</p>
      </div>
    </div>
  );
}
