/**
 * The benchmark's dataset, built with bulk `insert … select … from generate_series` statements so
 * that the full size (300 facilities, 30,000 children, 45,000 guardians, ~1.9M daily notes) takes
 * minutes. Runs on PostgreSQL and PGlite (the query-plan test seeds a small scale with it).
 *
 * Shape at scale 1 (docs/decisions/bench-dataset.md):
 * - 100 companies × 3 facilities × 6 classes; 100 children per facility (30,000), one current
 *   enrolment each (note_children.id = children.id).
 * - 45,000 guardians: child i has main guardian user i; even children a second guardian
 *   (users N+1 … 1.5N); every tenth child's guardian is also a guardian of the child before it
 *   (siblings, so 10% of guardians have 2 children).
 * - Daily notes on the weekdays of the 90 days before today for every child, a photo on every
 *   7th note; class broadcasts on a third of the class days with 2 photos each.
 * - 10 notices per facility (3,000) released over 90 days, addressed to every child of the facility.
 * - Sent family information on a fifth of the child days; schedule windows for this and next
 *   month; schedules for next month's weekdays; 4 growth records per child; 12 events per facility.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/lib/passwords';

export interface DatasetShape {
  companies: number;
  facilities: number;
  classes: number;
  children: number;
  guardians: number;
}

/** Sizes for a scale (1 = full size). Every facility has 100 children whatever the scale. */
export function shapeOf(scale: number): DatasetShape {
  const companies = Math.max(1, Math.round(100 * scale));
  const facilities = companies * 3;
  const children = facilities * 100;
  return { companies, facilities, classes: facilities * 6, children, guardians: children + children / 2 };
}

export const BENCH_PASSWORD = 'bench-password-2026';

const lastNames = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const lastKana = [
  'さとう',
  'すずき',
  'たかはし',
  'たなか',
  'いとう',
  'わたなべ',
  'やまもと',
  'なかむら',
  'こばやし',
  'かとう',
  'よしだ',
  'やまだ',
  'ささき',
  'やまぐち',
  'まつもと',
  'いのうえ',
  'きむら',
  'はやし',
  'さいとう',
  'しみず',
];
const firstNames = [
  '陽翔',
  '結衣',
  '蒼',
  '凛',
  '湊',
  '陽葵',
  '蓮',
  '芽依',
  '樹',
  '紬',
  '大和',
  '結菜',
  '悠真',
  '葵',
  '朝陽',
  '咲良',
  '律',
  '心春',
  '新',
  '美月',
];
const firstKana = [
  'はると',
  'ゆい',
  'あおい',
  'りん',
  'みなと',
  'ひまり',
  'れん',
  'めい',
  'いつき',
  'つむぎ',
  'やまと',
  'ゆいな',
  'ゆうま',
  'あおい',
  'あさひ',
  'さくら',
  'りつ',
  'こはる',
  'あらた',
  'みつき',
];
const noteTexts = [
  '今日は園庭で砂遊びをしました。大きなお山を作って、お友だちとトンネルを掘るのに夢中でした。',
  '午前中はお散歩で近くの公園へ行きました。どんぐりを見つけて「あった！」と嬉しそうに見せてくれました。',
  '給食はほとんど完食でした。苦手なにんじんも一口がんばって食べていましたよ。お家でもたくさん褒めてあげてください。',
  'お昼寝はぐっすり眠れていました。起きた後は少しぐずっていましたが、絵本を読むと落ち着きました。',
  '製作でこいのぼりを作りました。色とりどりのシールを貼って、とても素敵に仕上がりました。持ち帰りますので楽しみにしていてください。',
  '朝は少し涙が出ましたが、すぐに気持ちを切り替えて遊び始めました。ブロックで電車を作って遊んでいました。',
  'リズム遊びでは音楽に合わせて体をたくさん動かしていました。「もう一回！」と何度もリクエストしていました。',
  '鼻水が少し出ていました。熱はありませんが、お家でも様子を見てあげてください。',
  '水遊びではじょうろで水をかけ合って大はしゃぎでした。着替えを多めに使いましたので補充をお願いします。',
  'お友だちに「どうぞ」とおもちゃを貸してあげる姿が見られました。優しい気持ちが育っていますね。',
  '体操の時間に鉄棒で前回りに挑戦しました。先生と一緒に何度も練習して、最後は一人でできました！',
  '今日は誕生日会がありました。お友だちのお祝いの歌を元気いっぱい歌っていました。',
];
const staff = ['山田 花子', '佐藤 美咲', '鈴木 陽子', '高橋 由美', '田中 恵', '伊藤 彩'];
const meals = [
  'ごはん、鶏の照り焼き、ほうれん草のおひたし、みそ汁',
  'カレーライス、フルーツポンチ',
  'ロールパン、ミートボール、コーンスープ',
  '焼きうどん、ブロッコリーサラダ、りんご',
  '魚の煮付け、ひじきの煮物、すまし汁',
];
const snacks = ['牛乳、せんべい', 'ヨーグルト', 'おにぎり、麦茶', 'バナナ、牛乳', '蒸しパン、麦茶'];
const noticeTitles = [
  '遠足のお知らせ',
  '保護者会のご案内',
  '健康診断について',
  '水遊びの準備について',
  '運動会のお知らせ',
  '園だより',
  '感染症の流行について',
  '給食献立表',
  '避難訓練を実施しました',
  '持ち物のお願い',
];
const noticeTexts = [
  'いつも園の活動にご協力いただきありがとうございます。来週、近隣の公園まで遠足に出かけます。お弁当と水筒、敷物のご用意をお願いいたします。雨天の場合は園内で過ごします。',
  '保護者会を下記の日程で開催いたします。一年間の子どもたちの成長の様子をお伝えし、今後の活動についてご説明します。お忙しいところ恐縮ですが、ご出席をお願いいたします。',
  '園医による健康診断を実施します。当日は着脱しやすい服装での登園をお願いします。気になることがありましたら事前に担任までお知らせください。',
  '近頃、園内で胃腸炎の症状がみられるお子さまが増えています。ご家庭でも手洗い・うがいの声かけをお願いいたします。症状がある場合は無理をせずお休みください。',
  '今月の献立表を掲示しました。アレルギー対応が必要なお子さまは、担任または栄養士までご相談ください。',
];
const familyMessages = [
  '昨夜は少し寝るのが遅くなりました。',
  '朝ごはんをしっかり食べました。',
  '週末は祖父母の家に行って楽しく過ごしました。',
  '少し咳が出ています。様子を見ていただけると助かります。',
  '',
];

const lit = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** The i-th (0-based, any integer expression) element of a literal array. */
const pick = (values: string[], expr: string) => `(${lit(values)})[1 + ((${expr}) % ${values.length})]`;
/** A weekday series of dates (timestamps at midnight) as `d`. */
const weekdays = (from: string, to: string) =>
  `(select g::date as d from generate_series((${from})::timestamp, (${to})::timestamp, interval '1 day') g where extract(isodow from g) < 6) days`;
const tokyo = (dateExpr: string, time: string) => `((${dateExpr})::timestamp + time '${time}') at time zone 'Asia/Tokyo'`;

export interface GenerateOptions {
  scale: number;
  /** Facility today (YYYY-MM-DD, Asia/Tokyo). */
  today: string;
  log?: (line: string) => void;
  /** Daily-note history in days (default 90). */
  historyDays?: number;
}

/** Fills an empty, migrated database. Returns the shape it built. */
export async function generateDataset(db: Db, options: GenerateOptions): Promise<DatasetShape> {
  const shape = shapeOf(options.scale);
  const log = options.log ?? (() => {});
  const { companies: C, facilities: F, children: N } = shape;
  const T = `date '${options.today}'`;
  const history = options.historyDays ?? 90;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const run = async (label: string, statement: string) => {
    const started = performance.now();
    await db.execute(sql.raw(statement)).catch((error: Error & { cause?: Error }) => {
      throw new Error(`${label}: ${error.cause?.message ?? error.message}`);
    });
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  await run(
    'companies',
    `insert into companies (id, name) overriding system value select g, '株式会社ほいくサンプル' || g from generate_series(1, ${C}) g`,
  );
  await run(
    'facilities',
    `insert into facilities (id, company_id, name) overriding system value
     select g, (g - 1) / 3 + 1, ${pick(['ひまわり', 'さくら', 'たんぽぽ', 'すみれ', 'どんぐり', 'こすもす'], 'g')} || '保育園 ' || g || '号館' from generate_series(1, ${F}) g`,
  );
  await run(
    'classes',
    `insert into classes (id, company_id, facility_id, fiscal_year, name) overriding system value
     select g, (g - 1) / 18 + 1, (g - 1) / 6 + 1, 2026, ${pick(['ひよこ組', 'りす組', 'うさぎ組', 'ぱんだ組', 'きりん組', 'ぞう組'], 'g - 1')}
     from generate_series(1, ${F * 6}) g`,
  );
  // Child g: facility (g-1)/100+1, age (g-1)%6 = its class of the facility.
  await run(
    'children',
    `insert into children (id, company_id, last_name, first_name, last_name_kana, first_name_kana, birth, sex, qr_token) overriding system value
     select g, (g - 1) / 300 + 1, ${pick(lastNames, 'g / 7')}, ${pick(firstNames, 'g')}, ${pick(lastKana, 'g / 7')}, ${pick(firstKana, 'g')},
       ${T} - ((g - 1) % 6 * 365 + 200 + g * 37 % 150), 1 + g % 2, md5('qr' || g)
     from generate_series(1, ${N}) g`,
  );
  await run(
    'note_children',
    `insert into note_children (id, company_id, child_id, facility_id, class_id, admitted_on) overriding system value
     select c.id, c.company_id, c.id, (c.id - 1) / 100 + 1, ((c.id - 1) / 100) * 6 + (c.id - 1) % 6 + 1, least(c.birth + 60, ${T} - 95)
     from children c`,
  );
  await run(
    'users',
    `insert into users (id, email, password_hash, name, agreed_at, email_verified_at) overriding system value
     select g, 'guardian' || g || '@bench.example', '${passwordHash}', ${pick(lastNames, 'g / 7')} || ' 保護者', now(), now()
     from generate_series(1, ${shape.guardians}) g`,
  );
  await run(
    'child_user',
    `insert into child_user (child_id, user_id, company_id, type, main, writable, activated, sort_order)
     select c.id, c.id, c.company_id, 1, true, true, true, 0 from children c
     union all
     select c.id, ${N} + c.id / 2, c.company_id, 2, false, c.id % 4 = 0, true, 0 from children c where c.id % 2 = 0
     union all
     select c.id - 1, c.id, c.company_id, 1, false, true, true, 1 from children c where c.id % 10 = 0`,
  );
  // Everyone signed in somewhere: the session lookup every call pays runs on a table of realistic size.
  await run(
    'sessions',
    `insert into sessions (id, user_id, remember, expires_at) select md5('bench-session-' || id), id, true, now() + interval '30 days' from users`,
  );
  await run(
    'facility_functions',
    `insert into facility_functions (facility_id, company_id, function_key) select f.id, f.company_id, k from facilities f cross join unnest(array['notice','schedule','body_measurement','event']) k`,
  );

  await run('daily_notes', dailyNotesInsert(`${T} - ${history}`, `${T} - 1`, 'note_children nc'));
  await run(
    'feed_files (notes)',
    `insert into feed_files (company_id, daily_note_id, storage_key, name, is_document, size_bytes)
     select company_id, id, 'bench/notes/' || id || '.jpg', 'photo_' || id || '.jpg', false, 80000 + id % 90000 from daily_notes where id % 7 = 0`,
  );
  await run(
    'class_broadcasts',
    `insert into class_broadcasts (company_id, facility_id, class_id, date, published_at)
     select cl.company_id, cl.facility_id, cl.id, d, ${tokyo('d', '17:30')} from classes cl cross join ${weekdays(`${T} - ${history}`, `${T} - 1`)}
     where (cl.id + (d - ${T})) % 3 = 0`,
  );
  await run(
    'feed_files (broadcasts)',
    `insert into feed_files (company_id, class_broadcast_id, storage_key, name, is_document, size_bytes, sort_order)
     select cb.company_id, cb.id, 'bench/broadcasts/' || cb.id || '-' || k || '.jpg', 'class_' || k || '.jpg', false, 150000 + cb.id % 50000, k
     from class_broadcasts cb cross join generate_series(0, 1) k`,
  );
  await run(
    'notices',
    noticesInsert(`select f.id as facility_id, f.company_id, g from facilities f cross join generate_series(1, 10) g`, T, 90),
  );
  await run('notice_targets', noticeTargetsInsert('true'));
  await run(
    'family_information',
    `insert into family_information (company_id, note_child_id, contact_on, sleep_started_at, sleep_ended_at, temperature, thermometry_done_at,
       defecation_category_id, defecation_status_id, defecation_done_at, dinner, breakfast, message, is_sent, sent_at, updated_by)
     select nc.company_id, nc.id, d, '21:00', '06:30', 36.4 + (nc.id % 5) / 10.0, '07:00', 1, 1, '06:45',
       ${pick(meals, 'nc.id')}, ${pick(['ごはん、納豆', 'パン、牛乳', 'バナナ、ヨーグルト', 'おにぎり'], 'nc.id + (d - ' + T + ')')},
       ${pick(familyMessages, 'nc.id + (d - ' + T + ')')}, true, ${tokyo('d', '07:30')}, nc.child_id
     from note_children nc cross join ${weekdays(`${T} - ${history}`, `${T} - 1`)} where (nc.id + (d - ${T})) % 5 = 0`,
  );
  const month0 = `date_trunc('month', ${T})::date`;
  const month1 = `(date_trunc('month', ${T}) + interval '1 month')::date`;
  await run(
    'schedule_windows',
    `insert into schedule_windows (company_id, facility_id, first_day, last_day, deadline)
     select f.company_id, f.id, ${month0}, (${month1} - 1), ${month0} - 10 from facilities f
     union all
     select f.company_id, f.id, ${month1}, ((${month1} + interval '1 month')::date - 1), ${month1} - 5 from facilities f`,
  );
  await run(
    'schedules',
    `insert into schedules (company_id, note_child_id, date, is_absent, attendance_time, leaving_time, updated_by)
     select nc.company_id, nc.id, d, (nc.id + (d - ${T})) % 17 = 0,
       case when (nc.id + (d - ${T})) % 17 = 0 then null else ${pick(['08:00', '08:30', '09:00'], 'nc.id')} end,
       case when (nc.id + (d - ${T})) % 17 = 0 then null else ${pick(['16:30', '17:00', '18:00'], 'nc.id')} end, nc.child_id
     from note_children nc cross join ${weekdays(month1, `((${month1} + interval '1 month')::date - 1)`)}`,
  );
  await run(
    'growths',
    `insert into growths (company_id, child_id, measured_on, height, weight, head, chest)
     select c.company_id, c.id, ${T} - k * 60, 70 + ((${T} - c.birth) / 365.0) * 8 - k, 8 + ((${T} - c.birth) / 365.0) * 2 - k * 0.2, 44.0, 45.0
     from children c cross join generate_series(0, 3) k`,
  );
  await run(
    'events',
    `insert into events (company_id, facility_id, class_id, name, date)
     select f.company_id, f.id, case when k % 2 = 0 then null else (f.id - 1) * 6 + k % 6 + 1 end,
       ${pick(['遠足', '誕生日会', '避難訓練', '身体測定', '保護者会', '運動会'], 'k')}, ${month0} - 31 + k * 8
     from facilities f cross join generate_series(0, 11) k`,
  );
  for (const table of ['companies', 'facilities', 'classes', 'children', 'note_children', 'users']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  // As a database in service after autovacuum: statistics, and the visibility map that lets the
  // schedules month read from its covering index alone.
  await run('vacuum analyze', 'vacuum analyze');
  return shape;
}

function dailyNotesInsert(from: string, to: string, source: string): string {
  const k = `(nc.id + (d - date '2000-01-01'))`;
  return `insert into daily_notes (company_id, note_child_id, date, attendance_time, leaving_time, text, employee_name, thermometries, sleeps,
      defecations, school_meal, lunch_items, lunch_note, snack_morning, snack_afternoon, snack_contact_to_parents, milks, published_at)
    select nc.company_id, nc.id, d, ${pick(['07:30', '08:00', '08:15', '08:45', '09:00'], k)}, ${pick(['16:00', '16:30', '17:15', '18:00', '18:30'], k)},
      ${pick(noteTexts, k)} || case when ${k} % 3 = 0 then ${pick(noteTexts, `${k} + 5`)} else '' end,
      ${pick(staff, 'nc.class_id')},
      jsonb_build_array(jsonb_build_object('time', '10:00', 'thermometry', 36.4 + (${k} % 5) / 10.0), jsonb_build_object('time', '15:00', 'thermometry', 36.6)),
      jsonb_build_array(jsonb_build_object('start', '12:30', 'end', ${pick(['14:30', '14:45', '15:00'], k)})),
      jsonb_build_array(jsonb_build_object('time', '11:10', 'category', 'うんち', 'status', ${pick(['普通', '軟便', '硬め'], k)})),
      ${pick(meals, k)},
      jsonb_build_array(jsonb_build_object('categoryLabel', '主食', 'amountLabel', ${pick(['完食', 'おかわり', '半分'], k)}),
        jsonb_build_object('categoryLabel', 'おかず', 'amountLabel', ${pick(['完食', '少し残した', '半分'], `${k} + 1`)})),
      case when ${k} % 4 = 0 then 'おかわりをしました' else null end,
      ${pick(snacks, k)}, ${pick(snacks, `${k} + 2`)}, null,
      case when (nc.child_id - 1) % 6 = 0 then jsonb_build_array(jsonb_build_object('id', 1, 'time', '10:00', 'amount', 120, 'contactToParents', null)) else '[]'::jsonb end,
      ${tokyo('d', '17:00')}
    from ${source} cross join ${weekdays(from, to)}`;
}

/** Notices from `source` rows (facility_id, company_id, g = 1…n), released over `days` days before today. */
function noticesInsert(source: string, T: string, days: number, offset = 0): string {
  return `insert into notices (company_id, facility_id, title, text, released_at)
    select s.company_id, s.facility_id, ${pick(noticeTitles, 's.g + s.facility_id')}, ${pick(noticeTexts, 's.g')},
      ${tokyo(`${T} - ${offset} - 1 - ((s.g * 37 + s.facility_id) % ${days})`, '10:00')}
    from (${source}) s`;
}

/** Targets for the notices matching `where` (alias n): every current enrolment of the notice's facility. */
function noticeTargetsInsert(where: string): string {
  return `insert into notice_targets (company_id, notice_id, note_child_id, released_at, facility_id, read_at)
    select n.company_id, n.id, nc.id, n.released_at, n.facility_id, case when (n.id + nc.id) % 3 = 0 then null else n.released_at + interval '3 hours' end
    from notices n join note_children nc on nc.facility_id = n.facility_id where ${where}`;
}

/**
 * The 10× step (docs/performance.md): for the given facilities, daily-note history grows from
 * `history` to 10 × `history` days (weekdays), and 9 more notices per existing one are released
 * over the 9 × `history` days before the first ones, each addressed to every child of the facility.
 */
export async function growTenfold(
  db: Db,
  options: { today: string; facilityIds: number[]; history?: number; log?: (line: string) => void; notices?: boolean },
) {
  const log = options.log ?? (() => {});
  const history = options.history ?? 90;
  const T = `date '${options.today}'`;
  const ids = options.facilityIds.join(',');
  const run = async (label: string, statement: string) => {
    const started = performance.now();
    await db.execute(sql.raw(statement)).catch((error: Error & { cause?: Error }) => {
      throw new Error(`${label}: ${error.cause?.message ?? error.message}`);
    });
    log(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  await run(
    'daily_notes ×10',
    dailyNotesInsert(
      `${T} - ${history * 10}`,
      `${T} - ${history + 1}`,
      `(select * from note_children where facility_id in (${ids})) nc`,
    ),
  );
  if (options.notices === false) {
    await run('vacuum analyze', 'vacuum analyze');
    return;
  }
  const maxBefore = await db.execute(sql.raw('select coalesce(max(id), 0) as m from notices'));
  const m = Number((maxBefore as unknown as { rows: { m: number }[] }).rows[0]!.m);
  await run(
    'notices ×10',
    noticesInsert(
      `select f.id as facility_id, f.company_id, g from facilities f cross join generate_series(1, 90) g where f.id in (${ids})`,
      T,
      history * 9,
      history,
    ),
  );
  await run('notice_targets ×10', noticeTargetsInsert(`n.id > ${m}`));
  await run('vacuum analyze', 'vacuum analyze');
}

/** Row counts of the tables the bench fills. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'companies',
    'facilities',
    'classes',
    'children',
    'note_children',
    'users',
    'child_user',
    'sessions',
    'daily_notes',
    'feed_files',
    'class_broadcasts',
    'notices',
    'notice_targets',
    'notice_release_days',
    'family_information',
    'schedule_windows',
    'schedules',
    'growths',
    'events',
    'facility_functions',
  ];
  const result = await db.execute(
    sql.raw(tables.map((t) => `select '${t}' as t, count(*)::int as n from ${t}`).join(' union all ')),
  );
  return Object.fromEntries((result as unknown as { rows: { t: string; n: number }[] }).rows.map((r) => [r.t, Number(r.n)]));
}
