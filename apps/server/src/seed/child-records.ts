import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { addDays, addMonths, tokyoDate } from '@renraku/contract';
import { childRecords, children, noteChildren, recordDocumentEvents, recordDocuments } from '../db/schema';
import { currentTemplate, loadRecordSettings, progressPeriodOf, storeState } from '../modules/records/service';
import type { SeedContext } from './context';

const HOUR = 3600_000;

/** A 経過記録's text as typed: the 生活 grid's cells and the 育ち fields. */
function progressState(name: string, draft: boolean): Uint8Array {
  const doc = new Y.Doc();
  const life = [
    '苦手な野菜も一口は食べてみようとする。',
    'トイレに誘うと自分から行くことが増えた。',
    '午睡は布団に入るとすぐに入眠する。',
    '上着の着脱を自分でしようとする。',
    '食後に口を拭くことを覚えた。',
  ];
  doc.transact(() => {
    life.forEach((text, r) => doc.getText(`life:${r}:0`).insert(0, text));
    doc.getText('body').insert(0, `${name}は園庭でかけっこを楽しみ、鉄棒にぶら下がることに挑戦している。`);
    doc.getText('words').insert(0, '「せんせい、みて」と自分の発見を言葉で伝えようとする。');
    doc.getText('relations').insert(0, '気の合う友だちと同じ遊びを楽しむ姿が見られる。');
    if (!draft) {
      doc.getText('play').insert(0, 'ままごとで役になりきって遊ぶ。');
      doc.getText('health').insert(0, '大きな病気もなく元気に登園している。');
      doc.getText('family').insert(0, '家庭での様子を連絡帳で伝えてもらい、共有している。');
    }
  });
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Each child's record demo (issue 33): the 児童票 of 陽翔, 結衣 and 蒼太 filled in; each one's
 * previous 経過記録 approved by the 園長 and this month's (or 期's) a draft written by the class.
 */
export async function seedChildRecords({ db, ids, now }: SeedContext, staff: { director: number; classStaff: number }) {
  const today = tokyoDate(now);
  const facility = { id: ids.facilities.sakura, companyId: ids.companies.sakura };
  const settings = await loadRecordSettings(db, facility.id);
  const template = await currentTemplate(db, facility, 'progress_record', staff.director);
  const fields = {
    haruto: {
      admissionNotes: '母の育休明けに合わせて2歳児クラスへ入所。慣れ保育は1週間、初日は泣いたが3日目から遊べた。',
      birthHistory: '在胎39週、出生体重3,120g。特記事項なし。',
      developmentHistory: '首すわり3か月、ひとり歩き1歳0か月、二語文1歳10か月。',
      medicalHistory: '突発性発疹（1歳）、RSウイルス感染症（1歳6か月、入院なし）',
      immunizations: 'ヒブ・小児用肺炎球菌・B型肝炎・四種混合・BCG・MR（1期）・水痘・おたふくかぜ 接種済',
      allergyCause: '卵白（1歳時の血液検査で陽性）。医師の指示により卵は完全除去、加熱した卵黄も不可。',
      familyDoctor: 'さくら小児科クリニック（03-0000-1234）',
      familySituation: '父・母・本人の3人家族。平日は母が送り、父が迎え。',
      notes: '',
      emergencyContacts: [
        { name: '佐藤 美咲', relation: '母', phone: '090-0000-1111' },
        { name: '佐藤 健一', relation: '父', phone: '090-0000-2222' },
        { name: '佐藤 和子', relation: '祖母', phone: '03-0000-3333' },
      ],
    },
    yui: {
      admissionNotes: '1歳児クラスから入所。人見知りがあったが、担任に慣れてからは落ち着いて過ごす。',
      birthHistory: '在胎38週、出生体重2,890g。',
      developmentHistory: '首すわり3か月、ひとり歩き11か月。',
      medicalHistory: '熱性けいれん（2歳、1回）',
      immunizations: '定期接種はすべて済。インフルエンザは毎年接種。',
      allergyCause: '',
      familyDoctor: 'ひだまりこどもクリニック',
      familySituation: '父・母・本人・弟（蒼太）の4人家族。',
      notes: '熱性けいれんの既往あり。38.5℃以上で保護者に連絡。',
      emergencyContacts: [{ name: '佐藤 美咲', relation: '母', phone: '090-0000-1111' }],
    },
    sota: {
      admissionNotes: '0歳児クラスから入所。離乳食は中期食から開始。',
      birthHistory: '在胎40週、出生体重3,350g。',
      developmentHistory: 'ひとり歩き1歳2か月、発語1歳3か月。',
      medicalHistory: '',
      immunizations: 'MR（1期）まで接種済。',
      allergyCause: '',
      familyDoctor: 'ひだまりこどもクリニック',
      familySituation: '父・母・姉（結衣）・本人の4人家族。',
      notes: '',
      emergencyContacts: [{ name: '佐藤 美咲', relation: '母', phone: '090-0000-1111' }],
    },
  } satisfies Record<'haruto' | 'yui' | 'sota', Omit<typeof childRecords.$inferInsert, 'childId' | 'companyId'>>;

  for (const key of ['haruto', 'yui', 'sota'] as const) {
    const childId = ids.children[key];
    const [row] = await db
      .select({ child: children, enrolment: noteChildren })
      .from(children)
      .innerJoin(noteChildren, eq(noteChildren.childId, children.id))
      .where(eq(children.id, childId));
    if (!row || row.enrolment.facilityId !== facility.id || row.enrolment.classId === null) continue;
    await db.insert(childRecords).values({
      childId,
      companyId: facility.companyId,
      ...fields[key],
      updatedBy: staff.director,
      updatedAt: new Date(now.getTime() - 24 * 20 * HOUR),
    });
    const current = progressPeriodOf(today.slice(0, 7), row.child.birth, settings);
    const previous = progressPeriodOf(addMonths(current.period, -1), row.child.birth, settings);
    for (const [period, status] of [
      [previous, 'approved'],
      [current, 'draft'],
    ] as const) {
      if (period.end < row.enrolment.admittedOn) continue;
      await seedProgressRecord(db, {
        facility,
        classId: row.enrolment.classId,
        childId,
        period,
        status,
        templateId: template.id,
        staff,
        name: row.child.firstName,
        today,
      });
    }
  }
}

/** One 経過記録 of a child for a period, written by the class and, when approved, approved by the 園長. */
export async function seedProgressRecord(
  db: SeedContext['db'],
  input: {
    facility: { id: number; companyId: number };
    classId: number;
    childId: number;
    period: { start: string; end: string };
    status: 'approved' | 'draft';
    templateId: number;
    staff: { director: number; classStaff: number };
    name: string;
    today: string;
  },
) {
  const { facility, period, status, staff, today } = input;
  const at = new Date(`${addDays(period.end < today ? period.end : today, -1)}T09:00:00+09:00`);
  const [doc] = await db
    .insert(recordDocuments)
    .values({
      companyId: facility.companyId,
      facilityId: facility.id,
      classId: input.classId,
      childId: input.childId,
      kind: 'progress_record',
      periodStart: period.start,
      periodEnd: period.end,
      templateId: input.templateId,
      status,
      approvedBy: status === 'approved' ? staff.director : null,
      approvedAt: status === 'approved' ? new Date(at.getTime() + 3 * HOUR) : null,
      createdBy: staff.classStaff,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await storeState(db, doc!.id, progressState(input.name, status === 'draft'), at);
  const events: (typeof recordDocumentEvents.$inferInsert)[] = [
    { documentId: doc!.id, action: 'created', byId: staff.classStaff, at },
  ];
  if (status === 'approved')
    events.push(
      { documentId: doc!.id, action: 'submitted', byId: staff.classStaff, at: new Date(at.getTime() + HOUR) },
      { documentId: doc!.id, action: 'approved', byId: staff.director, at: new Date(at.getTime() + 3 * HOUR) },
    );
  await db.insert(recordDocumentEvents).values(events);
}
