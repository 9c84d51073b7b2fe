import { and, desc, eq, lt } from 'drizzle-orm';
import { tokyoDate, tokyoInstant } from '@renraku/contract';
import { attendanceReportDiseases, attendanceReports, childAttendances, familyInformation } from '../db/schema';
import { ensureDiseaseMaster } from '../modules/communications/diseases';
import { notInTheFuture, type SeedContext } from './context';

/**
 * Demo content of the day (staff.md §4) on ひよこ組: today, 蒼太's sick absence naming インフルエンザ
 * (the board's infection alert) and 陽翔's pick-up change, both unconfirmed in the inbox; 陽翔's
 * arrival entered by 田中 保美; his latest sent contact book confirmed with a reply (the guardian app
 * shows 施設確認済 and 園からの返信). 陽翔's contact book of today stays blank for the guardian demo.
 */
export async function seedDay({ db, ids, now }: SeedContext, staff: { classStaff: number }): Promise<void> {
  const today = tokyoDate(now);
  const at = (time: string, date = today) => notInTheFuture(tokyoInstant(date, time), now);
  const master = await ensureDiseaseMaster(db);
  const disease = (name: string) => master.find((d) => d.name === name)!.id;
  const company = ids.companies.sakura;

  const [absence] = await db
    .insert(attendanceReports)
    .values([
      {
        companyId: company,
        noteChildId: ids.noteChildren.sota,
        targetDate: today,
        statusId: 3,
        absenceType: 1,
        message: '昨夜から39℃の熱があり、受診したところインフルエンザと診断されました',
        requestHash: `seed-day-${ids.noteChildren.sota}-${today}-3`,
        createdBy: ids.users.sub,
        createdAt: at('07:05'),
      },
      {
        companyId: company,
        noteChildId: ids.noteChildren.haruto,
        targetDate: today,
        statusId: 2,
        leavingTime: '16:30',
        message: '祖母がお迎えに行きます',
        requestHash: `seed-day-${ids.noteChildren.haruto}-${today}-2`,
        createdBy: ids.users.main,
        createdAt: at('07:40'),
      },
    ])
    .returning({ id: attendanceReports.id });
  await db.insert(attendanceReportDiseases).values(
    [disease('インフルエンザ'), disease('発熱')].map((diseaseId) => ({
      attendanceReportId: absence!.id,
      diseaseId,
      companyId: company,
    })),
  );

  await db.insert(childAttendances).values({
    companyId: company,
    noteChildId: ids.noteChildren.haruto,
    date: today,
    arrivedAt: '08:32',
    source: 'staff',
    recordedBy: staff.classStaff,
    updatedAt: at('08:33'),
  });

  const [latest] = await db
    .select({ id: familyInformation.id, contactOn: familyInformation.contactOn })
    .from(familyInformation)
    .where(
      and(
        eq(familyInformation.noteChildId, ids.noteChildren.haruto),
        eq(familyInformation.isSent, true),
        lt(familyInformation.contactOn, today),
      ),
    )
    .orderBy(desc(familyInformation.contactOn))
    .limit(1);
  if (latest) {
    const morning = (time: string) => notInTheFuture(tokyoInstant(latest.contactOn, time), now);
    await db
      .update(familyInformation)
      .set({
        confirmedAt: morning('08:45'),
        confirmedBy: staff.classStaff,
        staffReply: '承知しました。日中の様子もお迎えの際にお伝えしますね。',
        staffReplyAt: morning('09:10'),
        staffReplyBy: staff.classStaff,
        staffReplyName: '田中 保美',
      })
      .where(eq(familyInformation.id, latest.id));
  }
}
