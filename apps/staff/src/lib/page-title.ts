import { useEffect } from 'react';

export const APP_NAME = 'れんらくノート 施設用';

/** Sets document.title to "{title} | れんらくノート 施設用" (a page title per route). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
