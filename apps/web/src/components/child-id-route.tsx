import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { idFrom } from '@renraku/ui';
import { Loading } from '@renraku/ui/loading';

const NotFound = lazy(async () => ({ default: (await import('./not-found')).NotFound }));

/**
 * A route `/children/{id}/…` of one child (お迎え登録者, お迎えコード, データの書き出し): an id that is not
 * one is not found (that page loaded only then).
 */
export function ChildIdRoute({ page: ChildPage }: { page: ComponentType<{ childId: number }> }) {
  const id = idFrom(useParams().id);
  if (id === null)
    return (
      <Suspense fallback={<Loading />}>
        <NotFound />
      </Suspense>
    );
  return <ChildPage childId={id} />;
}
