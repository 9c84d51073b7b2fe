import { useDocumentTitle } from '@renraku/ui/page-title';

export const APP_NAME = 'れんらくノート 施設用';

/** Sets document.title to "{title} | れんらくノート 施設用" (a page title per route). */
export function usePageTitle(title?: string): void {
  useDocumentTitle(title, APP_NAME);
}
