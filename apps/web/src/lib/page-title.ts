import { useDocumentTitle } from '@renraku/ui/page-title';
import { useOperator } from './operator';

/** Sets document.title to "{title} | {app name}", or the app name alone (A §1). */
export function usePageTitle(title?: string): void {
  useDocumentTitle(title, useOperator().app_name);
}
