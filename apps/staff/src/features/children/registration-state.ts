import type { ResponseOf } from '@renraku/contract/client';
import type { postStaffChildRegistration } from '@renraku/contract/staff';

export type Registration = ResponseOf<typeof postStaffChildRegistration>;

/**
 * The issued registration URL travels to the handout in the router's state: the server keeps only
 * the token's hash, so the URL exists in the issue call's answer and nowhere else. The state lives
 * in the tab's history entry (a reload keeps it); a handout opened any other way offers to re-issue.
 */
export const handoutState = (registration: Registration) => ({ registration });

export function registrationFromState(state: unknown): Registration | null {
  const value = (state as { registration?: Partial<Registration> } | null)?.registration;
  return typeof value?.url === 'string' && typeof value.expires_at === 'string'
    ? { url: value.url, expires_at: value.expires_at }
    : null;
}

/** The guardian app's path of the URL (`/children/register/{company}/{token}`). */
export const registrationPath = (url: string) => new URL(url, window.location.origin).pathname;
