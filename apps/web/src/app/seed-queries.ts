import type { QueryClient } from '@tanstack/react-query';
import { homeFeedChildIds, type Child, type ResponseOf } from '@renraku/contract/client';
import {
  getChildren,
  type getChildrenContent,
  getChildrenExistence,
  getMicrocms,
  getNoticesNotifications,
} from '@renraku/contract/client/calls';
import { bannersQueryOptions, dayBefore, feedContentQueryOptions, manualBannerQueryOptions } from '../features/feed/api';
import { childrenQueryOptions, existenceQueryOptions } from '../lib/children';
import { feedPageUrl, pageAnswer } from '../lib/first-answers';
import { homeChildIds, readSelectedChildren } from '../lib/selected-children';
import { getSession } from '../lib/session';

type ContentPage = ResponseOf<typeof getChildrenContent>;

/**
 * The home's queries filled from the answers the signed-in home page brought (lib/first-answers.ts):
 * the first screen renders with its children, banners and the feed's first days in one go, instead
 * of a loading state and then one day after another (docs/decisions/web-speed-main.md). They count
 * as fresh for the usual 30 s; the feed's older days load as the end comes into view, as before.
 */
export function seedQueriesFromPage(client: QueryClient): void {
  const user = getSession().user;
  const children = pageAnswer<Child[]>(getChildren.path);
  if (!user || !children) return;
  client.setQueryData(childrenQueryOptions(user.id).queryKey, children);
  const existence = pageAnswer<ResponseOf<typeof getChildrenExistence>>(getChildrenExistence.path);
  if (existence) client.setQueryData(existenceQueryOptions(user.id).queryKey, existence);
  const banners = pageAnswer<ResponseOf<typeof getNoticesNotifications>>(getNoticesNotifications.path);
  if (banners) client.setQueryData(bannersQueryOptions().queryKey, banners);
  const manual = pageAnswer<ResponseOf<typeof getMicrocms>>(getMicrocms.path);
  if (manual) client.setQueryData(manualBannerQueryOptions().queryKey, manual);

  // The feed of the children the home shows (the same rule as the screen), page after page as
  // the infinite query would have asked for them.
  const ids = homeChildIds(readSelectedChildren(user.id), homeFeedChildIds(children));
  const pages: ContentPage[] = [];
  const pageParams: (string | null)[] = [];
  let date: string | null = null;
  while (ids.length > 0) {
    const page: ContentPage | undefined = pageAnswer<ContentPage>(feedPageUrl(ids, date));
    if (!page) break;
    pages.push(page);
    pageParams.push(date);
    const [loaded] = Object.keys(page.data);
    if (!page.has_more || !loaded) break;
    date = dayBefore(loaded);
  }
  if (pages.length > 0) client.setQueryData(feedContentQueryOptions(ids).queryKey, { pages, pageParams });
}
