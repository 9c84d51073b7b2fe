import { attendanceReportDiseases, attendanceReports, familyInformation } from '../db/schema';
import { addDays, tokyoDate, tokyoInstant } from '@renraku/contract';
import { ensureDiseaseMaster } from '../modules/communications/diseases';
import { notInTheFuture, type SeedContext } from './context';

const dinners = [
  'ハンバーグ、ごはん、味噌汁',
  'カレーライス、サラダ',
  '焼き魚、煮物、ごはん',
  'うどん、卵焼き',
  'オムライス、スープ',
  '肉じゃが、ごはん',
];
const breakfasts = ['パン、牛乳、バナナ', 'ごはん、納豆、味噌汁', 'おにぎり、ヨーグルト', 'シリアル、牛乳', 'トースト、りんご'];
const notes = [
  '昨夜は少し寝つきが悪かったです。',
  '週末は公園でたくさん遊びました。',
  '朝から元気いっぱいです。よろしくお願いします。',
  '少し鼻水が出ています。様子を見ていただけると助かります。',
  '',
  'お迎えは母が行きます。',
];

const isWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** Demo content of the communications area (DESIGN §8): sent and draft contact books, changes and absences in history. */
export async function seedCommunications({ db, ids, now }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  const master = await ensureDiseaseMaster(db);
  const disease = (name: string) => master.find((d) => d.name === name)!.id;

  const kids = [
    { noteChildId: ids.noteChildren.haruto, companyId: ids.companies.sakura, userId: ids.users.main },
    { noteChildId: ids.noteChildren.yui, companyId: ids.companies.himawari, userId: ids.users.main },
    { noteChildId: ids.noteChildren.sota, companyId: ids.companies.sakura, userId: ids.users.sub },
  ];

  // Contact books for the past two weeks' weekdays (one never sent); a draft for today for 結衣 (陽翔's today stays blank).
  const entries: (typeof familyInformation.$inferInsert)[] = [];
  kids.forEach((kid, k) => {
    let weekdaysBack = 0;
    for (let back = 1; back <= 14; back++) {
      const day = addDays(today, -back);
      if (!isWeekday(day)) continue;
      const i = back + k;
      // 陽翔's third-latest weekday stayed a draft that was never sent (shown as not sent).
      const sent = !(k === 0 && ++weekdaysBack === 3);
      entries.push({
        companyId: kid.companyId,
        noteChildId: kid.noteChildId,
        contactOn: day,
        sleepStartedAt: ['20:30', '21:00', '21:15', '21:30'][i % 4],
        sleepEndedAt: ['06:30', '06:45', '07:00', '07:10'][i % 4],
        temperature: ['36.4', '36.6', '36.8', '36.5', '37.1'][i % 5],
        thermometryDoneAt: '07:15',
        defecationCategoryId: i % 5 === 4 ? 2 : 1,
        defecationStatusId: i % 5 === 4 ? 5 : [1, 1, 2, 1][i % 4],
        defecationDoneAt: i % 5 === 4 ? null : '07:30',
        dinner: dinners[i % dinners.length],
        breakfast: breakfasts[i % breakfasts.length],
        message: notes[i % notes.length],
        isSent: sent,
        sentAt: sent ? tokyoInstant(day, '07:50') : null,
        updatedBy: kid.userId,
        createdAt: tokyoInstant(day, '07:40'),
        updatedAt: tokyoInstant(day, '07:50'),
      });
    }
  });
  entries.push({
    companyId: ids.companies.himawari,
    noteChildId: ids.noteChildren.yui,
    contactOn: today,
    sleepStartedAt: '21:00',
    sleepEndedAt: '07:00',
    temperature: '36.7',
    thermometryDoneAt: '07:05',
    dinner: '鮭の塩焼き、ほうれん草のおひたし、ごはん',
    breakfast: '',
    message: '',
    isSent: false,
    updatedBy: ids.users.main,
    createdAt: now,
    updatedAt: now,
  });
  // Another area may have seeded some of these days already; theirs stay.
  await db.insert(familyInformation).values(entries).onConflictDoNothing();

  const at = (daysBack: number, time: string) => notInTheFuture(tokyoInstant(addDays(today, -daysBack), time), now);
  const report = (r: Omit<typeof attendanceReports.$inferInsert, 'requestHash'>) => ({
    ...r,
    requestHash: `seed-${r.noteChildId}-${r.targetDate}-${r.statusId}`,
  });
  const haruto = { companyId: ids.companies.sakura, noteChildId: ids.noteChildren.haruto, createdBy: ids.users.main };
  const yui = { companyId: ids.companies.himawari, noteChildId: ids.noteChildren.yui, createdBy: ids.users.main };
  const sota = { companyId: ids.companies.sakura, noteChildId: ids.noteChildren.sota, createdBy: ids.users.sub };
  const rows = await db
    .insert(attendanceReports)
    .values([
      report({
        ...haruto,
        targetDate: addDays(today, -1),
        statusId: 1,
        attendanceTime: '10:00',
        message: '小児科を受診してから登園します',
        createdAt: at(2, '19:20'),
        readAt: at(1, '08:05'),
      }),
      report({
        ...haruto,
        targetDate: addDays(today, -3),
        statusId: 2,
        leavingTime: '16:30',
        message: '祖母がお迎えに行きます',
        createdAt: at(3, '07:45'),
        readAt: at(3, '08:30'),
      }),
      report({
        ...haruto,
        targetDate: addDays(today, -10),
        statusId: 3,
        absenceType: 1,
        message: '朝から38.2℃の熱があるためお休みします',
        createdAt: at(10, '07:10'),
        readAt: at(10, '08:00'),
      }),
      report({
        ...haruto,
        targetDate: addDays(today, -9),
        statusId: 3,
        absenceType: 1,
        message: '朝から38.2℃の熱があるためお休みします',
        createdAt: at(10, '07:10'),
        readAt: at(10, '08:00'),
      }),
      report({
        ...yui,
        targetDate: addDays(today, -6),
        statusId: 3,
        absenceType: 2,
        message: '家族の用事のためお休みします',
        createdAt: at(8, '20:00'),
        readAt: at(7, '08:10'),
      }),
      report({
        ...yui,
        targetDate: addDays(today, 1),
        statusId: 2,
        leavingTime: '17:30',
        message: '仕事のため少し遅れます',
        createdAt: at(0, '07:30'),
        readAt: null,
      }),
      report({
        ...sota,
        targetDate: addDays(today, -2),
        statusId: 1,
        attendanceTime: '09:45',
        message: '',
        createdAt: at(2, '07:00'),
        readAt: at(2, '08:00'),
      }),
    ])
    .returning({
      id: attendanceReports.id,
      statusId: attendanceReports.statusId,
      absenceType: attendanceReports.absenceType,
      companyId: attendanceReports.companyId,
    });
  await db
    .insert(attendanceReportDiseases)
    .values(
      rows
        .filter((r) => r.statusId === 3 && r.absenceType === 1)
        .flatMap((r) =>
          [disease('発熱'), disease('咳')].map((diseaseId) => ({ attendanceReportId: r.id, diseaseId, companyId: r.companyId })),
        ),
    );
}
