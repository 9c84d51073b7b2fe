import type { Db } from '../../src/db/client';
import { attendanceReports, diseases } from '../../src/db/schema';
import { buildChild } from './core';

/** The communications area: absences already reported; the disease master the app inserts when it starts. */
export async function buildAbsence(
  db: Db,
  input: { noteChild?: { id: number; companyId: number }; targetDate: string; absenceType?: number },
) {
  const noteChild = input.noteChild ?? (await buildChild(db)).noteChild;
  const [row] = await db
    .insert(attendanceReports)
    .values({
      companyId: noteChild.companyId,
      noteChildId: noteChild.id,
      targetDate: input.targetDate,
      // status 3: an absence
      statusId: 3,
      absenceType: input.absenceType ?? 2,
      requestHash: `factory-${Math.random()}`,
    })
    .returning();
  return row!;
}

/** The ids of the disease master (inserted by the app when it is ready), by name. */
export async function diseaseIdsByName(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ id: diseases.id, name: diseases.name }).from(diseases);
  return Object.fromEntries(rows.map((d) => [d.name, d.id]));
}
