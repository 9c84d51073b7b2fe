import { Page } from '../../../components/page';

/** The facility's classes (staff.md §3); the roster screens replace this. */
export function ClassesPage() {
  return <Page title="クラス" />;
}
