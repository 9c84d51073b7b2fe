import { queryOptions } from '@tanstack/react-query';
import { getChildGrowths, getGrowthsViewableChildren } from '@renraku/contract/client';
import { api } from '../../lib/api';

export const growthChildrenQueryOptions = () =>
  queryOptions({ queryKey: ['growths', 'children'], queryFn: ({ signal }) => api(getGrowthsViewableChildren, { signal }) });

export const childGrowthsQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['growths', id], queryFn: ({ signal }) => api(getChildGrowths, { params: { id }, signal }) });
