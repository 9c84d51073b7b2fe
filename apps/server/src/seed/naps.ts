import { and, eq, sql } from 'drizzle-orm';
import { addDays, tokyoDate, tokyoInstant } from '@renraku/contract';
import { napChecks, napSessions, noteChildren, users } from '../db/schema';
import type { SeedContext } from './context';
import { DEMO_STAFF_EMAILS } from './staff';

/**
 * 午睡チェック demo (staff.md §4): yesterday's nap of ひよこ組 (12:30–14:30), every child checked every
 * 10 minutes by the demo 保育士, one うつ伏せ found and looked at again a minute later — so the day's
 * sheet (記録表) has content. Today's nap is left for the tablet.
 */
export async function seedNaps({ db, ids, now }: SeedContext): Promise<void> {
  const yesterday = addDays(tokyoDate(now), -1);
  const [staff] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_STAFF_EMAILS.classStaff}`);
  const kids = await db
    .select({ childId: noteChildren.childId })
    .from(noteChildren)
    .where(and(eq(noteChildren.classId, ids.classes.sakuraHiyoko), eq(noteChildren.facilityId, ids.facilities.sakura)));
  const start = tokyoInstant(yesterday, '12:30');
  const [session] = await db
    .insert(napSessions)
    .values({
      companyId: ids.companies.sakura,
      facilityId: ids.facilities.sakura,
      classId: ids.classes.sakuraHiyoko,
      date: yesterday,
      startedAt: start,
      endedAt: tokyoInstant(yesterday, '14:30'),
      startedBy: staff?.id ?? null,
    })
    .returning({ id: napSessions.id });
  const rows: (typeof napChecks.$inferInsert)[] = [];
  kids.forEach(({ childId }, k) => {
    for (let minute = 0; minute <= 120; minute += 10) {
      const prone = k === 0 && minute === 50;
      const checkedAt = new Date(start.getTime() + (minute * 60 + k * 20) * 1000);
      const base = {
        companyId: ids.companies.sakura,
        sessionId: session!.id,
        childId,
        breathingOk: true,
        checkedBy: staff?.id ?? null,
      };
      rows.push({ ...base, checkedAt, position: prone ? 'prone' : minute % 30 === 20 ? 'side' : 'supine' });
      if (prone) rows.push({ ...base, checkedAt: new Date(checkedAt.getTime() + 60_000), position: 'supine' });
    }
  });
  if (rows.length > 0) await db.insert(napChecks).values(rows);
}
