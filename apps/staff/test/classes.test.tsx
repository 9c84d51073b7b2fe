import fs from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffClass } from '@renraku/contract/staff';
import { useClasses } from '../src/features/children/api';
import { useClassesOfYear, usePromote, type PromotionBody } from '../src/features/facilities/api';
import { classesKey, useFacilityClasses } from '../src/lib/classes';
import { fiscalYearOf } from '@renraku/contract/dates';
import { todayInTokyo } from '@renraku/ui/dates';
import { fakeNetwork, type Sent } from '../../../packages/ui/test/support/fake-network';

/**
 * The class lists after 進級 (apps/staff/src/lib/classes.ts): every screen reads the facility's
 * classes under one key, so the promotion's invalidation refreshes them all, whichever 年度 and
 * whichever screen asked; nothing else caches them.
 */

const FACILITY = 1;
const THIS_YEAR = fiscalYearOf(todayInTokyo());

/** The server's class lists: each answer counts the children as they are now (`size`). */
function classServer() {
  let size = 10;
  const net = fakeNetwork((r: Sent) => {
    const list = /^\/api\/staff\/facilities\/(\d+)\/classes\?fiscal_year=(\d+)$/.exec(r.path);
    if (list) {
      const year = Number(list[2]);
      const cls: StaffClass = {
        id: year,
        name: `${year}ひよこ組`,
        fiscal_year: year,
        age_band: 1,
        staff: [],
        children_count: size,
      };
      return { status: 200, body: [cls] };
    }
    if (r.method === 'POST' && r.path === `/api/staff/facilities/${FACILITY}/promotion`) {
      size = 0;
      return {
        status: 200,
        body: { from_fiscal_year: THIS_YEAR, to_fiscal_year: THIS_YEAR + 1, classes: [], message: '進級しました' },
      };
    }
    return { status: 404, body: {} };
  });
  const asked = (facility: number, year: number) =>
    net.sent.filter((r) => r.path === `/api/staff/facilities/${facility}/classes?fiscal_year=${year}`).length;
  return { net, asked };
}

const body: PromotionBody = { from_fiscal_year: THIS_YEAR, moves: [] } as unknown as PromotionBody;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('進級', () => {
  it("refetches every screen's class list of the facility, of both 年度, and no other facility's", async () => {
    const { asked } = classServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        // The 進級 mapping's both sides (facilities), the roster (children), the class chooser (lib), another facility.
        from: useClassesOfYear(FACILITY, THIS_YEAR),
        to: useClassesOfYear(FACILITY, THIS_YEAR + 1),
        roster: useClasses(FACILITY, THIS_YEAR),
        chooser: useFacilityClasses(FACILITY),
        other: useFacilityClasses(2),
        promote: usePromote(FACILITY),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.other.data).toBeDefined());
    // One key: the three screens of this 年度 share one request.
    expect([asked(FACILITY, THIS_YEAR), asked(FACILITY, THIS_YEAR + 1), asked(2, THIS_YEAR)]).toEqual([1, 1, 1]);

    await act(() => result.current.promote.mutateAsync(body));

    await waitFor(() => expect(result.current.chooser.data?.[0]?.children_count).toBe(0));
    expect([asked(FACILITY, THIS_YEAR), asked(FACILITY, THIS_YEAR + 1), asked(2, THIS_YEAR)]).toEqual([2, 2, 1]);
    for (const list of [result.current.from, result.current.to, result.current.roster]) {
      expect(list.data?.[0]?.children_count).toBe(0);
    }
    expect(result.current.other.data?.[0]?.children_count).toBe(10);
  });

  it('marks a list no screen shows now as stale, so the next screen that opens it asks again', async () => {
    const { asked } = classServer();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const earlier = renderHook(() => useClassesOfYear(FACILITY, THIS_YEAR - 1), { wrapper });
    await waitFor(() => expect(earlier.result.current.data).toBeDefined());
    earlier.unmount();

    const { result } = renderHook(() => usePromote(FACILITY), { wrapper });
    await act(() => result.current.mutateAsync(body));
    expect(asked(FACILITY, THIS_YEAR - 1)).toBe(1);
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: classesKey(FACILITY) })
        .every((q) => q.state.isInvalidated),
    ).toBe(true);

    const later = renderHook(() => useClasses(FACILITY, THIS_YEAR - 1), { wrapper });
    await waitFor(() => expect(later.result.current.data?.[0]?.children_count).toBe(0));
    expect(asked(FACILITY, THIS_YEAR - 1)).toBe(2);
  });
});

describe('one key for the class list', () => {
  it('is the only place in the staff app that asks for GET /classes (no screen keeps its own copy)', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const callers = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => /\bgetStaffClasses\b/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(callers).toEqual([path.join('lib', 'classes.ts')]);
  });
});
