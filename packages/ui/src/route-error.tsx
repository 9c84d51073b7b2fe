import { messages } from '@renraku/contract/client/messages';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from './page-title';
import css from './route-error.module.css';

/**
 * A lazy screen whose file did not load: after a deploy the old build's chunks are gone, or the
 * network failed. Chromium, Firefox and Safari word it differently; Vite's preload says "Unable to preload".
 */
const chunkFailure = /dynamically imported module|Importing a module script failed|Unable to preload/i;

export interface RouteErrorProps {
  /** The app's name for the document title (「エラー | …」); 「エラー」 alone while it is not known. */
  appName?: string;
  /** The way back, `[href, label]` (a document URL, the app's base path included): the home, or the login screen when signed out. */
  home: [href: string, label: string];
}

/**
 * A route table's error boundary: a screen that threw while loading or rendering shows this
 * instead of a blank app, with a reload and the way back. The way back is a plain link that loads a
 * fresh document: the failed build's chunks may be gone (a browser keeps a failed module import for
 * the life of the document) and the app's state is not to be trusted after a throw. Plain
 * elements and CSS, no Mantine: in the guardian app it sits in the entry with the login screen (the
 * root boundary may show before the UI libraries have loaded). A root boundary is the whole page: the
 * route table puts it in the page's `<main>`.
 */
export function RouteError({ appName, home }: RouteErrorProps) {
  const error = useRouteError();
  const chunk = error instanceof Error && chunkFailure.test(error.message);

  useDocumentTitle('エラー', appName);
  // The boundary swallows the error: keep it visible to whoever opens the console.
  useEffect(() => console.error(error), [error]);

  return (
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
        <a href={home[0]} className={css.link}>
          {home[1]}
        </a>
      </div>
    </div>
  );
}
