import type { User } from '@renraku/contract/client';
// In the entry bundle: the calls alone, not the client barrel with every area's constants.
import { postLogin, postLogout, putUsersAgreedAt } from '@renraku/contract/client/calls';
import { api } from '../../lib/api';
import { native } from '../../lib/native';
import { setSessionUser, useSession, type Constants } from '../../lib/session';
import { useAction } from '../../lib/use-action';

// The login state lives in lib/session.ts, not in TanStack Query: the login screen loads no query
// library. Every change of the user empties the query cache (app/query-client.ts).

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

export function useLogin() {
  return useAction(
    (body: { email: string; password: string; remember: boolean }) => api(postLogin, { body, redirectOn401: false }),
    (data) => setSessionUser(data.user),
  );
}

export function useLogout() {
  return useAction(
    () => api(postLogout),
    () => {
      setSessionUser(null);
      native.deletePushToken();
    },
  );
}

export function useAgreeTerms() {
  return useAction(
    () => api(putUsersAgreedAt),
    (user) => setSessionUser(user),
  );
}
