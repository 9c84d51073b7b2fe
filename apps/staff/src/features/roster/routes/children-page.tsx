import { Page } from '../../../components/page';

/** The facility's children (staff.md §3); the roster screens replace this. */
export function ChildrenPage() {
  return <Page title="園児一覧" />;
}
