import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { questionnaires } from '../db/schema';
import { addDays, tokyoDate, tokyoInstant } from '@renraku/contract';
import type { StaffViewer } from '../modules/access';
import {
  answerQuestionnaire,
  attachFile,
  composeNotice,
  markRead,
  questionsOf,
  type NoticeInput,
  type NoticeRow,
} from '../modules/notices/service';
import { notInTheFuture, type SeedContext } from './context';

const HOUR_MS = 60 * 60 * 1000;

/** A small, valid one-page PDF with a line of (ASCII) text. */
export function demoPdf(title: string): Buffer {
  const content = `BT /F1 20 Tf 60 760 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A simple picture: a coloured sky, a sun and a field. */
async function demoPhoto(sky: string, ground: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${sky}"/><circle cx="500" cy="110" r="60" fill="#ffd43b"/>
    <rect y="330" width="640" height="150" fill="${ground}"/><circle cx="200" cy="300" r="40" fill="#ff8787"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const TOPICS: { title: string; text: string }[] = [
  { title: '今月の給食献立表', text: '今月の給食献立表を添付いたします。アレルギー対応が必要な場合は担任までお知らせください。' },
  { title: '避難訓練のお知らせ', text: '避難訓練を実施します。お迎えの時間が重なる場合は、職員の指示に従ってください。' },
  {
    title: '感染症の流行について',
    text: '園内で胃腸炎が流行しています。嘔吐や下痢の症状がある場合は、登園前にご連絡ください。詳しくは https://www.mhlw.go.jp/ をご覧ください。',
  },
  { title: '身体測定の結果', text: '今月の身体測定が終わりました。成長記録の画面からご確認いただけます。' },
  {
    title: '園だより',
    text: '園だよりを発行しました。今月のねらい、行事予定、保健だより、給食室からのお知らせを掲載しています。ご家庭でもぜひお子さまと一緒にお読みください。',
  },
  {
    title: '持ち物のお願い',
    text: '着替え（上下2組）、タオル、コップを毎日お持ちください。すべての持ち物に記名をお願いします。',
  },
  { title: '駐車場利用のお願い', text: '送迎時の駐車場では、エンジンを切り、お子さまから目を離さないようお願いいたします。' },
  { title: 'お散歩の様子', text: '近くの公園までお散歩に出かけました。落ち葉を集めて、みんなで秋の音を楽しみました。' },
  {
    title: '保育参観のご案内',
    text: '保育参観を実施します。日頃のお子さまの様子をご覧いただける機会です。参加をご希望の方は連絡帳でお知らせください。',
  },
  { title: '休園日のお知らせ', text: '祝日は休園となります。お間違えのないようお願いいたします。' },
];

const LONG_TEXT = [
  '保護者の皆さまへ。',
  '日頃より園の運営にご理解とご協力をいただき、誠にありがとうございます。',
  'さて、来月より登降園時の受付方法が変わります。これまでの紙の名簿に代わり、アプリのQRコードを玄関のタブレットにかざしていただく形になります。',
  'QRコードはアプリのホーム画面右上のアイコンから表示できます。ご兄弟で通園されている場合は、お子さまごとにQRコードが表示されます。',
  '詳しい操作方法は https://example.com/guide/qr にまとめています。ご不明な点は職員までお気軽にお声がけください。',
  '引き続きどうぞよろしくお願いいたします。',
].join('\n');

/** Where the demo's notices go: the facility, its director (the author), the addressed children and who reads them. */
interface Place {
  facility: { companyId: number; facilityId: number };
  author: number;
  children: number[];
  /** A guardian of every addressed child: marks them read (a read-only co-guardian may). */
  reader: number;
}

interface DemoNotice {
  title: string;
  text: string;
  releasedAt: Date;
  files?: { name: string; data: Buffer }[];
  questionnaire?: { closeAt: Date; questions: NonNullable<NoticeInput['questionnaire']>['questions'] };
  draft?: boolean;
}

/**
 * Demo content of the notices area (DESIGN §8): 46 notices over three months, files, questionnaires,
 * written as the directors write them — through the staff's writers (compose.ts, attachments.ts), at
 * the time they were released (scheduled or draft: now) — and read and answered by the guardians'
 * (targets.ts, questionnaires.ts).
 */
export async function seedNotices(
  { db, ids, now, storage }: SeedContext,
  staff: { director: number; himawariDirector: number },
): Promise<void> {
  const today = tokyoDate(now);
  const at = (daysAgo: number, time: string) => notInTheFuture(tokyoInstant(addDays(today, -daysAgo), time), now);
  const sakura: Place = {
    facility: { companyId: ids.companies.sakura, facilityId: ids.facilities.sakura },
    author: staff.director,
    children: [ids.children.haruto, ids.children.sota],
    reader: ids.users.sub,
  };
  const himawari: Place = {
    facility: { companyId: ids.companies.himawari, facilityId: ids.facilities.himawari },
    author: staff.himawariDirector,
    children: [ids.children.yui],
    reader: ids.users.main,
  };
  const photos = [
    await demoPhoto('#a5d8ff', '#8ce99a'),
    await demoPhoto('#ffc9c9', '#ffe066'),
    await demoPhoto('#d0bfff', '#96f2d7'),
  ];
  const written: { place: Place; notice: NoticeRow }[] = [];
  const add = async (place: Place, n: DemoNotice) => {
    const scheduled = !n.draft && n.releasedAt.getTime() > now.getTime();
    // When the director wrote it: at its release, or (a draft, a scheduled one) now.
    const when = n.draft || scheduled ? now : n.releasedAt;
    const author: StaffViewer = { userId: place.author, today: tokyoDate(when), deviceId: null, ip: '127.0.0.1' };
    const notice = await composeNotice(
      db,
      author,
      place.facility,
      {
        title: n.title,
        text: n.text,
        audience: { kind: 'children', ids: place.children },
        release: n.draft ? 'draft' : scheduled ? 'scheduled' : 'now',
        release_at: scheduled ? n.releasedAt.toISOString() : null,
        questionnaire: n.questionnaire
          ? { close_at: n.questionnaire.closeAt.toISOString(), questions: n.questionnaire.questions }
          : null,
      },
      when,
    );
    for (const file of n.files ?? []) await attachFile(db, storage, author, notice, { name: file.name, bytes: file.data }, when);
    written.push({ place, notice });
    return notice;
  };
  const choice = (text: string, required: boolean, format: 'single_choice' | 'multi_choice', choices: string[]) => ({
    text,
    is_required: required,
    answer_format: format,
    choices,
  });
  const free = (text: string, required: boolean) => ({
    text,
    is_required: required,
    answer_format: 'free_text' as const,
    choices: [],
  });

  // The everyday notices: two facilities, every ~4 days over three months.
  for (let i = 0; i < 40; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const place = i % 2 === 0 ? sakura : himawari;
    const daysAgo = 2 + Math.floor(i * 2.2);
    const files: DemoNotice['files'] = [];
    if (i % 10 === 0) files.push({ name: '献立表.pdf', data: demoPdf('Lunch menu') });
    if (i % 10 === 4) files.push({ name: '園だより.pdf', data: demoPdf('Newsletter') });
    if (i % 10 === 7) files.push(...photos.map((data, n) => ({ name: `お散歩${n + 1}.jpg`, data })));
    await add(place, {
      title: topic.title,
      text: topic.text,
      releasedAt: at(daysAgo, i % 3 === 0 ? '08:30' : '16:45'),
      files,
    });
  }

  // Today's and yesterday's unread ones: a long text with links, a PDF, a photo.
  await add(sakura, {
    title: '登降園時のQRコード受付について',
    text: LONG_TEXT,
    releasedAt: at(0, '07:30'),
    files: [{ name: '受付方法のご案内.pdf', data: demoPdf('How to check in with the QR code') }],
  });
  await add(himawari, {
    title: '芋ほり遠足の写真',
    text: '芋ほり遠足の写真です。大きなお芋がたくさん採れました！',
    releasedAt: at(1, '15:00'),
    files: [{ name: '芋ほり.jpg', data: photos[1]! }],
  });

  // Questionnaires: open and unanswered, answered, closed; every answer format; required and optional.
  await add(sakura, {
    title: '運動会の参加確認',
    text: '運動会の参加について、アンケートにご回答ください。雨天の場合は翌週に延期します。',
    releasedAt: at(0, '08:00'),
    questionnaire: {
      closeAt: tokyoInstant(addDays(today, 7), '18:00'),
      questions: [
        choice('運動会に参加されますか', true, 'single_choice', ['参加する', '参加しない', '未定']),
        choice('参加される方をお選びください', false, 'multi_choice', ['父', '母', '祖父母', 'きょうだい']),
        free('園へのご要望があればご記入ください', false),
      ],
    },
  });
  const answered = await add(sakura, {
    title: '保護者会の日程アンケート',
    text: '保護者会の日程を決めるため、ご都合のよい日をお知らせください。',
    releasedAt: at(3, '12:00'),
    questionnaire: {
      closeAt: tokyoInstant(addDays(today, 10), '18:00'),
      questions: [
        choice('ご都合のよい曜日（複数選択可）', true, 'multi_choice', ['月曜日', '水曜日', '金曜日', '土曜日']),
        choice('ご希望の時間帯', true, 'single_choice', ['午前', '午後', '夕方']),
        free('その他ご意見', false),
      ],
    },
  });
  await add(sakura, {
    title: '夏祭りアンケート',
    text: '夏祭りへのご意見をお聞かせください。（回答は締め切りました）',
    releasedAt: at(40, '09:00'),
    questionnaire: {
      closeAt: tokyoInstant(addDays(today, -30), '18:00'),
      questions: [
        choice('夏祭りはいかがでしたか', true, 'single_choice', ['とても良かった', '良かった', 'ふつう']),
        free('ご感想', false),
      ],
    },
  });
  await add(himawari, {
    title: '卒園アルバム制作アンケート',
    text: '卒園アルバムの制作にあたり、ご家庭の思い出を教えてください。',
    releasedAt: at(2, '10:00'),
    questionnaire: {
      closeAt: tokyoInstant(addDays(today, 14), '18:00'),
      questions: [
        free('お子さまの好きな遊びを教えてください', true),
        choice('掲載してよい写真', true, 'multi_choice', ['個人写真', 'クラス写真', '行事の写真']),
      ],
    },
  });
  // Scheduled, not released yet: nobody sees it before its time.
  await add(sakura, {
    title: '冬休みのお知らせ',
    text: '冬休みの期間についてお知らせします。',
    releasedAt: tokyoInstant(addDays(today, 3), '09:00'),
  });

  // A draft the director is still writing: the staff list shows it, no guardian does.
  await add(sakura, {
    title: '生活発表会のご案内（下書き）',
    text: '生活発表会の日程と持ち物をお知らせします。',
    releasedAt: now,
    draft: true,
  });

  // Everything older than a week has been read, three hours after its release.
  for (const { place, notice } of written) {
    if (notice.state !== 'published' || notice.releasedAt.getTime() >= at(7, '00:00').getTime()) continue;
    const readAt = new Date(notice.releasedAt.getTime() + 3 * HOUR_MS);
    await markRead(db, { userId: place.reader, today: tokyoDate(readAt) }, readAt, notice.id, place.children);
  }

  // 陽翔's copy of the date survey, read and answered by the main guardian.
  const readAt = at(2, '19:00');
  await markRead(db, { userId: ids.users.main, today: tokyoDate(readAt) }, readAt, answered.id, [ids.children.haruto]);
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.noticeId, answered.id));
  const [days, time, other] = await questionsOf(db, q!.id);
  const answeredAt = at(2, '20:00');
  await answerQuestionnaire(db, { userId: ids.users.main, today: tokyoDate(answeredAt) }, answeredAt, answered.id, q!.id, {
    childId: ids.children.haruto,
    answers: [
      { questionId: days!.id, text: [days!.choices[1]!.id, days!.choices[3]!.id] },
      { questionId: time!.id, text: time!.choices[0]!.id },
      { questionId: other!.id, text: '土曜日だと両親とも参加できます。' },
    ],
  });
}
