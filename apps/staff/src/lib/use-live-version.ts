import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** How often an open screen asks whether anything changed (docs/decisions/day-live-updates.md). */
export const livePollMs = 5_000;

/**
 * A screen that follows the data without a reload (docs/decisions/day-live-updates.md): polls a
 * cheap fingerprint while the screen is visible (at once when the tablet wakes, the tab shows again
 * or the network comes back); a new fingerprint invalidates the queries under `invalidate`. The
 * class board, the notices, the 登園予定 and the live ratio (every `pollMs`, 3 s: staffing-live-ratio.md)
 * screens use this one mechanism.
 */
export function useLiveVersion(
  versionKey: QueryKey,
  fetchVersion: (signal: AbortSignal) => Promise<{ version: string }>,
  invalidate: QueryKey,
  pollMs: number = livePollMs,
) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: versionKey,
    queryFn: ({ signal }) => fetchVersion(signal),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
  const seen = useRef<string | undefined>(undefined);
  const invalidateKey = JSON.stringify(invalidate);
  useEffect(() => {
    if (!data) return;
    if (seen.current !== undefined && seen.current !== data.version) {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(invalidateKey) as QueryKey });
    }
    seen.current = data.version;
  }, [data, invalidateKey, queryClient]);
}
