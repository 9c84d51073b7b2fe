import type { Operator } from '@renraku/contract/client';

export type IdpFlow = 'authorize' | 'reset-password' | 'change-email' | 'change-password';

/** Paths of the ID service's screens (our own idp module by default; an external provider is a config change). */
const FLOW_PATHS: Record<IdpFlow, string> = {
  authorize: '/users/register',
  'reset-password': '/password/forgot',
  'change-email': '/users/setting/email',
  'change-password': '/users/setting/password',
};

/** An outbound link to the ID service with the redirect_url to come back to (A §7). */
export function idpUrl(operator: Pick<Operator, 'id_base_url'>, flow: IdpFlow, redirectPath = '/main'): string {
  const redirect = new URL(redirectPath, window.location.origin).toString();
  return `${operator.id_base_url}${FLOW_PATHS[flow]}?${new URLSearchParams({ redirect_url: redirect }).toString()}`;
}
