import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { messages } from '@renraku/contract/client/messages';
import { useSession } from '../lib/session';
import css from './route-error.module.css';

/**
 * A lazy screen whose file did not load: after a deploy the old build's chunks are gone, or the
 * network failed. Chromium, Firefox and Safari word it differently; Vite's preload says "Unable to preload".
 */
const chunkFailure = /dynamically imported module|Importing a module script failed|Unable to preload/i;
const isChunkLoadError = (error: unknown) => error instanceof Error && chunkFailure.test(error.message);

/**
 * The route table's error boundary (app/router.tsx): a screen that threw while loading or rendering
 * shows this instead of a blank app, with the way home and a reload. Plain elements and CSS, no
 * Mantine: it sits in the entry with the login screen (the root boundary may show before the UI
 * libraries have loaded). `landmark`: it is the whole page (the root boundary), not inside a layout's <main>.
 */
export function RouteError({ landmark = false }: { landmark?: boolean }) {
  const error = useRouteError();
  const { user, constants } = useSession();
  const appName = constants?.operator.app_name;
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    document.title = appName ? `エラー | ${appName}` : 'エラー';
  }, [appName]);
  // The boundary swallows the error: keep it visible to whoever opens the console.
  useEffect(() => console.error(error), [error]);

  const content = (
    <div className={css.container}>
      <h1 className={css.title}>{messages.genericError}</h1>
      <p className={css.text}>
        {chunk
          ? '画面を読み込めませんでした。アプリが更新されたか、通信が不安定な可能性があります。再読み込みしてください。'
          : '画面を表示できませんでした。再読み込みするか、しばらくしてからもう一度お試しください。'}
      </p>
      <div className={css.actions}>
        <button type="button" className={css.button} onClick={() => window.location.reload()}>
          再読み込み
        </button>
        {user ? (
          <Link to="/main" className={css.link}>
            ホームへ戻る
          </Link>
        ) : (
          <Link to="/login" className={css.link}>
            ログイン画面へ戻る
          </Link>
        )}
      </div>
    </div>
  );
  return landmark ? <main id="main">{content}</main> : content;
}
