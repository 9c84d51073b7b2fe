import sharp from 'sharp';
import { classBroadcasts, dailyNotes, familyInformation, feedBanners, feedFiles, manualBanners } from '../db/schema';
import { addDays, tokyoDate } from '@renraku/contract';
import { randomToken } from '../lib/crypto';
import { normaliseImage, storeImage } from '../lib/images';
import type { SeedContext } from './context';

/** How many days back the demo notes reach (a month). */
export const FEED_SEED_DAYS = 30;
/** A weekday the facilities were closed (a holiday), to show paging across empty days. */
const HOLIDAY_OFFSET = -17;

/**
 * The facility days of the demo notes: today and every weekday of the last month but one holiday.
 * apps/web/e2e/feed.spec.ts walks the feed against the same rule.
 */
export function feedSeedOffsets(today: string): number[] {
  const offsets: number[] = [];
  for (let offset = 0; offset >= -FEED_SEED_DAYS; offset--) {
    const weekday = new Date(`${addDays(today, offset)}T12:00:00Z`).getUTCDay();
    if (offset === 0 || (weekday !== 0 && weekday !== 6 && offset !== HOLIDAY_OFFSET)) offsets.push(offset);
  }
  return offsets;
}

const COLOURS = [
  '#f4a261',
  '#2a9d8f',
  '#e76f51',
  '#8ab17d',
  '#457b9d',
  '#e9c46a',
  '#b5838d',
  '#6d597a',
  '#90be6d',
  '#f28482',
  '#84a59d',
  '#577590',
];

/** A simple picture (sky, ground, a sun and a few shapes) as a JPEG; no downloads. */
async function picture(i: number): Promise<Buffer> {
  const sky = COLOURS[i % COLOURS.length]!;
  const ground = COLOURS[(i + 5) % COLOURS.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <rect width="1600" height="1200" fill="${sky}"/>
    <rect y="800" width="1600" height="400" fill="${ground}"/>
    <circle cx="${300 + ((i * 97) % 1000)}" cy="260" r="140" fill="#fff3b0"/>
    <rect x="${200 + ((i * 131) % 900)}" y="560" width="260" height="260" rx="30" fill="#ffffff" opacity="0.8"/>
    <circle cx="${900 + ((i * 53) % 400)}" cy="700" r="${90 + (i % 4) * 20}" fill="#264653" opacity="0.7"/>
    <polygon points="1200,800 1350,520 1500,800" fill="#e63946" opacity="0.75"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A one-page PDF (ASCII only, so no font embedding is needed). */
function pdf(title: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const TEXTS = [
  '今日は園庭で砂遊びをしました。お友だちと大きなお山を作って、トンネルが開通すると「やったー！」と大喜びでした。',
  'お散歩で近くの公園まで行きました。どんぐりをたくさん拾って、帰ってからみんなで数えました。',
  '午前中は製作でこいのぼりを作りました。好きな色のクレヨンで模様を描いて、とても楽しそうでした。',
  '給食のあと、絵本の読み聞かせを楽しみました。お気に入りのページでは身を乗り出して聞いていました。',
];
const LONG_TEXT =
  '今日はとても暑かったので、午前中に水遊びをしました。最初は水しぶきに少し驚いていましたが、だんだん慣れてくると自分からじょうろで水をかけたり、カップに水をためて運んだりして、とても楽しそうに遊んでいました。' +
  '水遊びのあとはしっかり着替えをして、給食も残さず食べました。お昼寝もぐっすりで、起きてからはブロックで大きなおうちを作り、「ここはリビング、ここはお風呂」と先生に説明してくれました。' +
  '夕方は少し疲れが出たようで、抱っこを求める場面もありましたが、お迎えの時間が近づくと元気を取り戻していました。ご家庭でもゆっくり休ませてあげてください。';
const MEALS = [
  'ごはん、鮭の塩焼き、ひじきの煮物、みそ汁',
  'カレーライス、フルーツサラダ',
  '親子丼、ほうれん草のおひたし、すまし汁',
  'パン、ハンバーグ、ポテトサラダ、コーンスープ',
];
const AMOUNTS = ['完食', 'おかわり', '半分', '少し残した'];
const STAFF = ['佐々木 美咲', '高橋 由美', '伊藤 真理子'];

/** Demo content of the feed area (DESIGN §8): a month of notes, photos, documents, broadcasts, banners. */
export async function seedFeed({ db, ids, now, storage }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  const stored = await Promise.all(
    Array.from({ length: 12 }, async (_, i) => {
      const bytes = await picture(i);
      return { key: await storeImage(storage, 'feed/demo', bytes), size: (await normaliseImage(bytes)).length };
    }),
  );
  const photos = stored.map((p) => p.key);
  const sizeOf = (key: string) => stored.find((p) => p.key === key)!.size;
  const document = async (title: string) => {
    const key = `feed/demo/${randomToken(16)}.pdf`;
    const bytes = pdf(title);
    await storage.put(key, bytes);
    return { key, size: bytes.length };
  };
  const menu = await document('Monthly lunch menu');
  const letter = await document('Class letter');

  const enrolled = [
    { noteChildId: ids.noteChildren.haruto, companyId: ids.companies.sakura, seed: 0 },
    { noteChildId: ids.noteChildren.yui, companyId: ids.companies.himawari, seed: 1 },
    { noteChildId: ids.noteChildren.sota, companyId: ids.companies.sakura, seed: 2 },
  ];
  const published = now;
  const offsets = feedSeedOffsets(today);

  for (const child of enrolled) {
    const notes = await db
      .insert(dailyNotes)
      .values(
        offsets.map((offset) => {
          const n = -offset + child.seed;
          const minute = String((n * 7) % 60).padStart(2, '0');
          return {
            companyId: child.companyId,
            noteChildId: child.noteChildId,
            date: addDays(today, offset),
            attendanceTime: `08:${minute}`,
            leavingTime: `17:${String((n * 11) % 60).padStart(2, '0')}`,
            text: n % 4 === 0 ? LONG_TEXT : TEXTS[n % TEXTS.length]!,
            employeeName: STAFF[n % STAFF.length]!,
            thermometries: [
              { time: '09:00', thermometry: 36.4 + ((n * 3) % 6) / 10 },
              { time: '15:00', thermometry: 36.6 + ((n * 5) % 4) / 10 },
            ],
            sleeps: [{ start: '12:30', end: `14:${String(10 + ((n * 9) % 40)).padStart(2, '0')}` }],
            defecations: [{ time: '10:20', category: 'うんち', status: n % 5 === 0 ? 'やわらかい' : '普通' }],
            schoolMeal: MEALS[n % MEALS.length]!,
            lunchItems: [
              { categoryLabel: '主食', amountLabel: AMOUNTS[n % AMOUNTS.length]! },
              { categoryLabel: '主菜', amountLabel: AMOUNTS[(n + 1) % AMOUNTS.length]! },
              { categoryLabel: '汁物', amountLabel: '完食' },
            ],
            lunchNote: n % 3 === 0 ? '苦手なにんじんも一口食べられました' : null,
            snackMorning: '牛乳、ビスケット',
            snackAfternoon: n % 2 === 0 ? 'おにぎり' : '蒸しパン',
            snackContactToParents: n % 3 === 1 ? 'おやつはおかわりしました' : null,
            milks: [
              { id: 1, time: '10:00', amount: 100 + (n % 3) * 20, contactToParents: null },
              { id: 2, time: '15:30', amount: 120, contactToParents: n % 4 === 1 ? 'よく飲みました' : null },
            ],
            publishedAt: published,
          };
        }),
      )
      .returning({ id: dailyNotes.id, date: dailyNotes.date });

    const files: (typeof feedFiles.$inferInsert)[] = [];
    for (const note of notes) {
      const n = Math.round((Date.parse(today) - Date.parse(note.date)) / 86_400_000) + child.seed;
      // Every fifth day a big album (8–10 photos, to show '+N'); otherwise one to three photos.
      const count = n % 5 === 0 ? 8 + (n % 3) : 1 + (n % 3);
      for (let i = 0; i < count; i++) {
        files.push({
          companyId: child.companyId,
          dailyNoteId: note.id,
          storageKey: photos[(n + i) % photos.length]!,
          name: `写真${i + 1}.jpg`,
          sizeBytes: sizeOf(photos[(n + i) % photos.length]!),
          sortOrder: i,
        });
      }
      if (n % 7 === 2)
        files.push({
          companyId: child.companyId,
          dailyNoteId: note.id,
          storageKey: letter.key,
          name: 'おたより.pdf',
          isDocument: true,
          sizeBytes: letter.size,
          sortOrder: 50,
        });
    }
    await db.insert(feedFiles).values(files);

    // The family's contact book on some days (the communications area seeds the latest ones).
    await db
      .insert(familyInformation)
      .values(
        offsets
          .filter((offset) => offset <= -3 && offset % 3 === 0)
          .map((offset) => ({
            companyId: child.companyId,
            noteChildId: child.noteChildId,
            contactOn: addDays(today, offset),
            sleepStartedAt: '21:00',
            sleepEndedAt: '06:45',
            temperature: (36.5 + (-offset % 4) / 10).toFixed(1),
            thermometryDoneAt: '07:00',
            defecationCategoryId: 1,
            defecationStatusId: -offset % 2 === 0 ? 1 : 2,
            defecationDoneAt: '07:15',
            dinner: 'ハンバーグ、ごはん、サラダ',
            breakfast: 'トースト、バナナ、牛乳',
            message:
              offset % 2 === 0
                ? '昨夜は少し寝つきが悪かったです。日中眠そうでしたらよろしくお願いします。'
                : '週末は家族で動物園に行き、キリンを見て大喜びでした。',
            isParticipate: offset % 2 === 0 ? true : null,
            isSent: true,
            sentAt: now,
          })),
      )
      .onConflictDoNothing();
  }

  // Class broadcasts: every third facility day for both classes, with a handout now and then.
  for (const klass of [
    { classId: ids.classes.sakuraHiyoko, facilityId: ids.facilities.sakura, companyId: ids.companies.sakura },
    { classId: ids.classes.himawariKirin, facilityId: ids.facilities.himawari, companyId: ids.companies.himawari },
  ]) {
    const days = offsets.filter((offset) => offset % 3 === 0);
    const broadcasts = await db
      .insert(classBroadcasts)
      .values(
        days.map((offset) => ({
          companyId: klass.companyId,
          facilityId: klass.facilityId,
          classId: klass.classId,
          date: addDays(today, offset),
          publishedAt: published,
        })),
      )
      .returning({ id: classBroadcasts.id, date: classBroadcasts.date });
    await db.insert(feedFiles).values(
      broadcasts.flatMap((b, bi) => [
        ...Array.from({ length: 2 + (bi % 3) }, (_, i) => ({
          companyId: klass.companyId,
          classBroadcastId: b.id,
          storageKey: photos[(bi * 3 + i + 6) % photos.length]!,
          name: `クラス写真${i + 1}.jpg`,
          sizeBytes: sizeOf(photos[(bi * 3 + i + 6) % photos.length]!),
          sortOrder: i,
        })),
        ...(bi % 2 === 0
          ? [
              {
                companyId: klass.companyId,
                classBroadcastId: b.id,
                storageKey: menu.key,
                name: '今月の献立表.pdf',
                isDocument: true,
                sizeBytes: menu.size,
                sortOrder: 50,
              },
            ]
          : []),
      ]),
    );
  }

  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.insert(feedBanners).values([
    {
      level: 'info',
      label: 'お知らせ',
      message: '年末年始の休園日は12月29日から1月3日までです。',
      startsAt: dayAgo,
      sortOrder: 0,
    },
    {
      companyId: ids.companies.sakura,
      level: 'alert',
      label: '重要',
      message: '園内で感染性胃腸炎が発生しています。お子さまの体調に変化があれば早めにご連絡ください。',
      startsAt: dayAgo,
      sortOrder: 1,
    },
  ]);
  await db.insert(manualBanners).values({
    title: 'はじめての方へ：れんらくノートの使い方ガイド',
    url: 'https://example.com/renraku/guide',
    publishedAt: dayAgo,
  });
}
