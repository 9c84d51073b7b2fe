import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { noteChildren } from '../../db/schema';

/**
 * `note_children` as the hand-written statements name it (`from note_children nc`): its columns
 * render as "nc"."admitted_on", so the rule below writes the same SQL into Drizzle queries and
 * into the prepared hot statements.
 */
export const nc = alias(noteChildren, 'nc');

/** `note_children` or its alias. */
type EnrolmentColumns = { admittedOn: SQLWrapper; leftOn: SQLWrapper };

/** A facility day: a `YYYY-MM-DD` value, a placeholder of a prepared statement, or a column/expression. */
export type Day = string | Placeholder | SQLWrapper;

/**
 * The enrolment rule, written once (DESIGN §5): an enrolment (a `note_children` row) covers a day
 * when it was admitted on or before it and has not left before it. "Existence" is the enrolment
 * that covers today. Pass `noteChildren` in Drizzle queries and `nc` in hand-written statements.
 */
export const enrolmentCovers = (enrolment: EnrolmentColumns, day: Day): SQL => enrolmentDuring(enrolment, day, day);

/**
 * The same rule over a period (a month, a 年度): an enrolment is in it when it covers one of its
 * days, that is, it was admitted by the last day and had not left before the first.
 */
export const enrolmentDuring = (enrolment: EnrolmentColumns, first: Day, last: Day): SQL =>
  sql`(${enrolment.admittedOn} <= ${last} and (${enrolment.leftOn} is null or ${enrolment.leftOn} >= ${first}))`;
