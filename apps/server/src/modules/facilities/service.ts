/**
 * The facilities area's public functions (DESIGN §3.1): facility setup, classes per 年度. Other
 * areas (the roster) find a facility's classes through here.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { classes } from '../../db/schema';

export { createClass, listClasses, updateClass, type ClassInput } from './classes';
export { isPublicHoliday } from './profile';

/** A class of the facility, or undefined (another facility's class is no class of this one). */
export async function classOfFacility(db: Db, facilityId: number, classId: number) {
  const [row] = await db
    .select({ id: classes.id, name: classes.name, fiscalYear: classes.fiscalYear })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.facilityId, facilityId)));
  return row;
}

/** The facility's classes of a 年度, by name (names are unique there). */
export async function classesByName(db: Db, facilityId: number, fiscalYear: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.facilityId, facilityId), eq(classes.fiscalYear, fiscalYear)))
    .orderBy(asc(classes.sortOrder), asc(classes.id));
  return new Map(rows.map((r) => [r.name, r.id]));
}
