import { sql } from 'drizzle-orm';
import { sessionUserId } from '../../lib/sessions';
import { enrolmentCovers, nc } from './enrolment';
import { activeLinksOf, cu } from './guardian-links';

/**
 * The kernel's rules as fragments of the hot calls' prepared statements, which check and read in
 * one round trip (docs/decisions/auth-session-in-statement.md). Placeholders: `sessionId` and `now` of
 * the caller's session (see `callerValues`), plus those named below. The user is the session's,
 * never an id from the client.
 */

/** The caller's activated links (`child_user cu` rows). */
export const callerLinks = activeLinksOf(cu, sessionUserId);

/** The caller's activated children among the `childIds` placeholder (the feed asks for several). */
export const callerChildIdsAmong = sql`
  select cu.child_id from child_user cu
  where ${callerLinks} and cu.child_id = any(${sql.placeholder('childIds')})`;

/**
 * The caller's activated link to the `childId` placeholder with the enrolment that covers the
 * `today` placeholder (null columns when there is none), at most one row.
 */
export const callerChildEnrolment = sql`
  select cu.writable, nc.id as note_child_id, nc.facility_id, nc.class_id
  from child_user cu
  left join note_children nc on nc.child_id = cu.child_id and ${enrolmentCovers(nc, sql.placeholder('today'))}
  where ${callerLinks} and cu.child_id = ${sql.placeholder('childId')}
  order by nc.admitted_on desc limit 1`;

/**
 * The enrolments covering the `today` placeholder of the caller's activated children, with the
 * facility's name and the caller's order of the children: what the facility addressed to these is
 * what the caller may read.
 */
export const callerEnrolments = sql`
  select nc.id, nc.facility_id, (select f.name from facilities f where f.id = nc.facility_id) as facility_name, nc.child_id, cu.sort_order
  from child_user cu join note_children nc on nc.child_id = cu.child_id
  where ${callerLinks} and ${enrolmentCovers(nc, sql.placeholder('today'))}`;
