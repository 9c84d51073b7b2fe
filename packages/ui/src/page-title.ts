import { useEffect } from 'react';

/**
 * Sets document.title to 「{title} | {app name}」, or whichever of the two is known (a screen's
 * title before the app name has loaded, the app name alone on the home).
 */
export function useDocumentTitle(title: string | undefined, appName: string | undefined): void {
  useEffect(() => {
    document.title = title && appName ? `${title} | ${appName}` : title || appName || '';
  }, [title, appName]);
}
