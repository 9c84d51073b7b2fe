import { homeFeedChildIds, type Child, type User } from '@renraku/contract/client';
import {
  getChildren,
  getChildrenContent,
  getChildrenExistence,
  getMicrocms,
  getNoticesNotifications,
} from '@renraku/contract/client/calls';
import { toQueryString } from '@renraku/ui';
import { homeChildIds, readSelectedChildren } from './selected-children';

/**
 * The home's first answers, asked for at start (main.tsx) beside the login check instead of after
 * the shell's code has loaded and rendered: the child list, and once it and the login check are in,
 * the feed's first page for the children the home will show, and what the home shows above it
 * (enrolment, banners) once signed in (docs/decisions/web-speed-main.md).
 * api() hands each to the first GET of the same URL, once. They are dropped when the signed-in user
 * changes and after 30 s (the queries' staleTime: an answer that old would be fetched again anyway).
 */
const answers = new Map<string, Promise<Response>>();
let expired = false;

const get = (url: string) => fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
/** The URL of a feed page as api() builds it (lib/api.ts buildPath), and as the server writes it into the home page. */
export const feedPageUrl = (childIds: number[], date: string | null = null) =>
  `${getChildrenContent.path}?${toQueryString({ children: childIds, ...(date ? { date } : {}) })}`;

/** The answers the page brought, by URL: never asked for again, even once the app has taken them. */
const fromPage = new Map<string, unknown>();
/** Asks for `url` unless the page brought its answer (then that one, or null once taken). */
const ask = (url: string): Promise<Response> | null => {
  if (fromPage.has(url)) return answers.get(url) ?? null;
  const answer = get(url);
  answers.set(url, answer);
  return answer;
};

/**
 * The answers the server wrote into the page (`<script id="first-answers">`,
 * apps/server/src/lib/first-answers.ts): on every page the login check and the constants; on the
 * signed-in home also the child list, the enrolment, the banners and the feed's first days, as the
 * calls answered them a moment ago. Taken like the answers asked for at start; read once, before
 * the login check is asked for.
 */
export function adoptPageAnswers(): void {
  const element = document.getElementById('first-answers');
  if (!element?.textContent) return;
  element.remove();
  try {
    const written = JSON.parse(element.textContent) as Record<string, { status: number; body: unknown }>;
    for (const [url, { status, body }] of Object.entries(written)) {
      const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      answers.set(url, Promise.resolve(response));
      fromPage.set(url, body);
    }
  } catch {
    // A page that cannot be read: the app asks for everything itself.
  }
}

/** An answer asked for at start for this GET URL, or undefined; each is taken once. */
export function takeFirstAnswer(url: string): Promise<Response> | undefined {
  const answer = answers.get(url);
  answers.delete(url);
  return answer;
}

/**
 * The body of a 200 answer the page brought for this GET URL, or undefined; not taken, so the
 * first screen can render with it at once (app/seed-queries.ts, lib/session.ts) until the answers
 * are dropped.
 */
export function pageAnswer<T>(url: string): T | undefined {
  return expired ? undefined : (fromPage.get(url) as T | undefined);
}

/** Forgets the answers not yet taken (the signed-in user changed). */
export function dropFirstAnswers(): void {
  expired = true;
  answers.clear();
  fromPage.clear();
}

/**
 * Starts the home's calls; `user` is the login check's answer (null: signed out). `signedOut`: the
 * page's own answer says so, and the login screen comes next.
 */
export function startFirstAnswers(user: Promise<User | null>, signedOut = false): void {
  setTimeout(dropFirstAnswers, 30_000);
  // The login screen needs neither; every signed-in screen needs the child list (the shell's header).
  if (signedOut || /^\/login(\/|$)/.test(location.pathname)) return;
  const children = ask(getChildren.path);
  if (!children) return;
  if (!/^\/(main\/?)?$/.test(location.pathname)) return;
  // What the home shows above the feed, once signed in: had it come after the feed's first page,
  // it would push the cards down (a layout shift).
  void user
    .then((signedIn) => {
      if (!signedIn || expired) return;
      for (const path of [getChildrenExistence.path, getNoticesNotifications.path, getMicrocms.path]) ask(path);
    })
    .catch(() => undefined);
  // Read from a copy before anyone can take the answer (then-callbacks run in the order they were added).
  const list = children.then((response) => (response.ok ? (response.clone().json() as Promise<Child[]>) : null));
  void Promise.all([user, list])
    .then(([signedIn, childList]) => {
      if (!signedIn || !childList || expired) return;
      const ids = homeChildIds(readSelectedChildren(signedIn.id), homeFeedChildIds(childList));
      if (ids.length === 0) return;
      ask(feedPageUrl(ids));
    })
    .catch(() => undefined);
}
