import { useQuery } from '@tanstack/react-query';
import { ChildChooserPage } from '../../../components/child-chooser-page';
import { eventChildrenQueryOptions } from '../api';

/** /events/children: pick a child; activated links only (F §2 Events). */
export function EventChildrenPage() {
  const query = useQuery(eventChildrenQueryOptions());
  return (
    <ChildChooserPage
      title="行事予定"
      prompt="行事予定を閲覧するお子さまを選択してください"
      query={query}
      to={(id) => `/events/children/${id}`}
    />
  );
}
