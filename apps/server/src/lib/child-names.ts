import { sql } from 'drizzle-orm';
import { children } from '../db/schema';

/** A child's full name as the lists show it (姓 名, a space between), in a query's select. */
export const childName = sql<string>`${children.lastName} || ' ' || ${children.firstName}`;

/** The full name's reading (せい めい), as the lists sort and search it. */
export const childKana = sql<string>`${children.lastNameKana} || ' ' || ${children.firstNameKana}`;
