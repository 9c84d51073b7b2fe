import { and, eq } from 'drizzle-orm';
import { childUser } from '../src/db/schema';
import { setupApp } from './harness';

/*
 * The guardian-app tests' (children, guardians, users) handles: each test builds its own family and
 * signs its members in by itself, so there is no shared world, only the app and these shortcuts.
 */
export function setupGuardianApp() {
  const t = setupApp();
  const db = () => t.db;
  return {
    t,
    db,
    /** `user` signed in to the guardian app. */
    as: (user: { email: string }) => t.signIn(user),
    /** A client with no session. */
    anonymous: () => t.agent(),
    /** The guardian link of `userId` to `childId` (main, writable, …), if any. */
    linkOf: async (childId: number, userId: number) =>
      (
        await db()
          .select()
          .from(childUser)
          .where(and(eq(childUser.childId, childId), eq(childUser.userId, userId)))
      )[0],
  };
}
