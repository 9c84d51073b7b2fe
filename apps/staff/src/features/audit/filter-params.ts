import { isCalendarDate } from '@renraku/contract/dates';
import { idFrom } from '@renraku/ui';
import type { AuditFilter } from './api';

/** The filters and page live in the URL (`?user_id=&child_id=&date=&page=`): a filtered view can be bookmarked. */
export function filterFromParams(params: URLSearchParams): { filter: AuditFilter; page: number } {
  const filter: AuditFilter = {};
  const userId = idFrom(params.get('user_id'));
  const childId = idFrom(params.get('child_id'));
  const date = params.get('date');
  if (userId) filter.user_id = userId;
  if (childId) filter.child_id = childId;
  if (date && isCalendarDate(date)) filter.date = date;
  const page = Math.min(idFrom(params.get('page')) ?? 1, 10_000);
  return { filter, page };
}

export function paramsFromFilter(filter: AuditFilter, page = 1): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.user_id) params.user_id = String(filter.user_id);
  if (filter.child_id) params.child_id = String(filter.child_id);
  if (filter.date) params.date = filter.date;
  if (page > 1) params.page = String(page);
  return params;
}
