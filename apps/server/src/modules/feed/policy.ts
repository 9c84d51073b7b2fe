import { sql } from 'drizzle-orm';
import { sessionUserId } from '../auth/session';

/**
 * The feed shows children whose link to the caller is activated (F §1), read-only links included.
 * Any other id → 404, never 403 (a child that is not yours must not be revealed). A fragment of the
 * feed's statement (placeholders `sessionId`, `now` of the caller's session, and `childIds`): the check costs no statement of its own.
 */
export const feedChildrenOfCaller = sql`
  select cu.child_id from child_user cu
  where cu.user_id = ${sessionUserId} and cu.activated and cu.child_id = any(${sql.placeholder('childIds')})`;
