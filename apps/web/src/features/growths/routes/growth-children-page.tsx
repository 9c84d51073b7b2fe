import { growthTexts } from '@renraku/contract/client';
import { useQuery } from '@tanstack/react-query';
import { ChildChooserPage } from '../../../components/child-chooser-page';
import { growthChildrenQueryOptions } from '../api';

/** /growths/children: pick a child (F §2 Growths). */
export function GrowthChildrenPage() {
  const query = useQuery(growthChildrenQueryOptions());
  return (
    <ChildChooserPage
      title={growthTexts.title}
      prompt={growthTexts.prompt}
      query={query}
      to={(id) => `/growths/children/${id}`}
    />
  );
}
