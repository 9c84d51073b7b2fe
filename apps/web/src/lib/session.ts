// The login state (who is signed in, the server's constants) and the calls that change it (login,
// logout, agreeing to the terms): every area reads it, so it lives here and not in features/auth.
import { useSyncExternalStore } from 'react';
import type { ResponseOf, User } from '@renraku/contract/client';
// In the entry bundle: the calls alone, not the client barrel with every area's constants.
import { getConfigConst, getLoginCheck, postLogin, postLogout, putUsersAgreedAt } from '@renraku/contract/client/calls';
import { api } from './api';
import { ApiRequestError } from '@renraku/ui/api';
import { adoptPageAnswers, dropFirstAnswers, pageAnswer, startFirstAnswers } from './first-answers';
import { native } from './native';
import { useAction } from './use-action';

export type Constants = ResponseOf<typeof getConfigConst>;

/** The signed-in user (null: signed out) and the server's constants; undefined until loaded. */
export interface Session {
  user: User | null | undefined;
  constants: Constants | undefined;
}

// A small store instead of TanStack Query, which loads with the screens that use it: the app's
// start and the login screen need only these two answers (docs/decisions/web-initial-bundle.md).
let session: Session = { user: undefined, constants: undefined };
const listeners = new Set<() => void>();

function update(next: Partial<Session>) {
  session = { ...session, ...next };
  // Screens hear of it in the next task, as TanStack Query's observers hear of a changed query: a
  // navigation started in the same callback comes first (after logging out, the signed-in guard
  // must not send the user to /login?referrer_path=… before the logout's own move to /login).
  setTimeout(() => {
    for (const listener of listeners) listener();
  }, 0);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSession = (): Session => session;

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  return useSession().user ?? null;
}

/** The server's constants; Root shows no screen before they have loaded. */
export function useConstants(): Constants {
  const { constants } = useSession();
  if (!constants) throw new Error('useConstants before the constants have loaded');
  return constants;
}

/** Signed in, out, or the user's own data changed. */
export function setSessionUser(user: User | null): void {
  // The answers asked for at start belong to the user the first login check found.
  if (user?.id !== session.user?.id) dropFirstAnswers();
  update({ user });
}

/** Network failures and 5xx answers are tried twice more (1 s, then 2 s later), as the app's queries are. */
async function withRetry<T>(call: () => Promise<T>, retries = 2, delayMs = 1000): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (retries === 0 || (error instanceof ApiRequestError && error.status < 500)) throw error;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return withRetry(call, retries - 1, delayMs * 2);
  }
}

const fetchUser = async () => (await withRetry(() => api(getLoginCheck, { reportUnauthenticated: false }))).user ?? null;

let started = false;
/** Loads the login state and the constants (A §1), once; main.tsx starts it before React renders. */
export function startSession(): void {
  if (started) return;
  started = true;
  // The page brings the login check's and the constants' answers with it (lib/first-answers.ts):
  // then the app starts signed in or out at once, without a loading state.
  adoptPageAnswers();
  const pageUser = pageAnswer<ResponseOf<typeof getLoginCheck>>(getLoginCheck.path);
  const pageConstants = pageAnswer<Constants>(getConfigConst.path);
  if (pageUser && pageConstants) {
    const user = pageUser.user ?? null;
    session = { user, constants: pageConstants };
    startFirstAnswers(Promise.resolve(user), user === null);
    return;
  }
  // A failure leaves the field undefined: the app stays in its loading state, as before.
  const checked = fetchUser();
  checked.then(
    (user) => update({ user }),
    () => {},
  );
  // The home's child list and first feed page, beside the login check (docs/decisions/web-speed-main.md).
  startFirstAnswers(checked);
  withRetry(() => api(getConfigConst)).then(
    (constants) => update({ constants }),
    () => {},
  );
}

/** Asks the server again who is signed in (after a change it made to the user); on failure it stays as it was. */
export function reloadSessionUser(): Promise<void> {
  return fetchUser().then(
    (user) => update({ user }),
    () => {},
  );
}

// The calls that change who is signed in. Every change of the user empties the query cache
// (app/query-client.ts).

export function useLogin() {
  return useAction(
    (body: { email: string; password: string; remember: boolean }) => api(postLogin, { body, reportUnauthenticated: false }),
    (data) => {
      forgetOfflineCopies();
      setSessionUser(data.user);
    },
  );
}

/** The service worker's copies of the last answers (for opening offline) belong to one user. */
function forgetOfflineCopies() {
  if ('caches' in window) void caches.delete('api');
}

export function useLogout() {
  return useAction(
    async () => {
      // This device stops receiving the user's pushes (a shared phone): before the session ends.
      await import('./web-push').then((push) => push.unsubscribeFromPush()).catch(() => undefined);
      return api(postLogout);
    },
    () => {
      setSessionUser(null);
      native.deletePushToken();
      forgetOfflineCopies();
    },
  );
}

export function useAgreeTerms() {
  return useAction(
    () => api(putUsersAgreedAt),
    (user) => setSessionUser(user),
  );
}
