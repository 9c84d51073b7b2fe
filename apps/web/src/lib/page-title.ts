import { useEffect } from 'react';
import { useOperator } from './operator';

/** Sets document.title to "{title} | {app name}", or the app name alone (A §1). */
export function usePageTitle(title?: string): void {
  const { app_name } = useOperator();
  useEffect(() => {
    document.title = title ? `${title} | ${app_name}` : app_name;
  }, [title, app_name]);
}
