import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useChildren, useExistence } from '../../../lib/children';

export interface CommunicationChild {
  childId: number;
  name: string;
  facilityName: string;
  writable: boolean;
}

/** The caller's enrolled, activated children (existence) with their names and write permission. */
export function useCommunicationChildren() {
  const existence = useExistence();
  const children = useChildren();
  const list = useMemo<CommunicationChild[]>(
    () =>
      existence.existence.flatMap((e) => {
        const child = children.children.find((c) => c.id === e.child_id && c.pivot.activated);
        return child
          ? [{ childId: e.child_id, name: child.first_name, facilityName: e.facility_name, writable: child.pivot.writable }]
          : [];
      }),
    [existence.existence, children.children],
  );
  return { list, isPending: existence.isPending || children.isPending };
}

/** The selected child, kept in the `child` search parameter so that back/forward keep it. */
export function useSelectedChild(list: CommunicationChild[]) {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('child'));
  const selected = list.find((c) => c.childId === wanted) ?? list[0];
  const select = (childId: number) =>
    setParams(
      (p) => {
        p.set('child', String(childId));
        return p;
      },
      { replace: true },
    );
  return { selected, select };
}
