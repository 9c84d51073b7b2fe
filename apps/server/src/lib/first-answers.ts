import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getChildren,
  getChildrenContent,
  getChildrenExistence,
  getConfigConst,
  getLoginCheck,
  getMicrocms,
  getNoticesNotifications,
  addDays,
  homeFeedChildIds,
} from '@renraku/contract';

/**
 * The first answers of a guardian-app page, written into the page itself (docs/decisions/web-speed-main.md):
 * a phone on a slow network then renders its first screen when the page's script has run, instead
 * of after more round trips. Every page brings the two answers the app waits for before any screen
 * (the login check and the constants); the signed-in home also its child list, enrolment, banners
 * and feed's first days. The app's own calls answer them, through `inject` with the browser's
 * cookie, so access rules, shapes and errors are the calls' own; only 200 answers are written,
 * anything else the app asks for again.
 */

/**
 * Feed days written into the page: what fills a phone's first screen and the margin below it where
 * the feed asks for the next day (one day a page, F §4): older days show collapsed cards of ~150 px.
 */
const FEED_CARDS = 6;
const FEED_PAGES = 6;

export interface InlineAnswer {
  status: number;
  body: unknown;
}

type Child = { id: number; pivot: { activated: boolean | null } };
type FeedPage = { data: Record<string, unknown[]>; has_more: boolean };

/** The URL the web app asks for (its buildPath/toQueryString: `key[]=a&key[]=b`, URLSearchParams encoding). */
function feedUrl(childIds: number[], date: string | null): string {
  const params = new URLSearchParams();
  for (const id of childIds) params.append('children[]', String(id));
  if (date) params.append('date', date);
  return `${getChildrenContent.path}?${params.toString()}`;
}

/** `home`: the page is the signed-in home (/main with a session cookie), which brings its feed too. */
export async function pageFirstAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  home: boolean,
): Promise<Record<string, InlineAnswer>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-test-now'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers: Record<string, InlineAnswer> = {};
  const get = async <T>(url: string): Promise<T | null> => {
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: req.ip });
    if (res.statusCode !== 200) return null;
    const body = res.json<T>();
    answers[url] = { status: 200, body };
    return body;
  };
  const [check, , children] = await Promise.all([
    get<{ user: { id: number } | null }>(getLoginCheck.path),
    get(getConfigConst.path),
    home ? get<Child[]>(getChildren.path) : null,
  ]);
  if (!check?.user || !children) return answers;
  // The home's feed for its default choice (the app's own rule, from the contract): a phone that
  // chose one child asks for its own feed as before.
  const ids = homeFeedChildIds(children);
  const above = [getChildrenExistence.path, getNoticesNotifications.path, getMicrocms.path].map((url) => get(url));
  if (ids.length > 0) {
    let date: string | null = null;
    let cards = 0;
    for (let page = 0; page < FEED_PAGES && cards < FEED_CARDS; page++) {
      const feed: FeedPage | null = await get<FeedPage>(feedUrl(ids, date));
      const [loaded] = Object.keys(feed?.data ?? {});
      if (!feed?.has_more || !loaded) break;
      cards += Object.values(feed.data).reduce((sum, day) => sum + (Array.isArray(day) ? day.length : 0), 0);
      date = addDays(loaded, -1);
    }
  }
  await Promise.all(above);
  return answers;
}

/** JSON safe inside a <script> element: no `</script>`, `<!--` or line separators can end or break it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
