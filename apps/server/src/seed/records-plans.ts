import { and, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { fiscalYearOf, tokyoDate } from '@renraku/contract';
import { classes, recordDocumentEvents, recordDocuments } from '../db/schema';
import { currentTemplate, storeState } from '../modules/records/service';
import type { SeedContext } from './context';

const HOUR = 3600_000;
const AGE_GOALS = [
  '保育者との安定した関わりの中で、安心して過ごす。',
  '保育者に見守られながら、自分でしようとする気持ちを育む。',
  '身の回りのことを自分でしようとし、できた喜びを味わう。',
  '友だちと一緒に遊ぶ楽しさを味わい、言葉で気持ちを伝えようとする。',
  '友だちと思いを伝え合いながら、遊びを進める楽しさを味わう。',
  '見通しを持って生活し、友だちと協力してやり遂げる喜びを味わう。',
];

function textState(texts: Record<string, string>, ticks: string[] = []) {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const [key, value] of Object.entries(texts)) doc.getText(key).insert(0, value);
    for (const tick of ticks) doc.getMap('ticks').set(tick, true);
  });
  return Y.encodeStateAsUpdate(doc);
}

/**
 * The 年度's plans of さくら保育園 (records.md §2; issue 32's demo; records-rollover.md): the
 * facility's 全体的な計画 and each class's 年間指導計画, approved by the 園長 in April, so the
 * 年度更新 on 「計画・記録の様式」 has this year's to start the next one from.
 */
export async function seedYearPlans({ db, ids, now }: SeedContext, staff: { director: number; classStaff: number }) {
  const year = fiscalYearOf(tokyoDate(now));
  const facility = { id: ids.facilities.sakura, companyId: ids.companies.sakura };
  const april = new Date(`${year}-04-01T09:00:00+09:00`);
  const at = april < now ? april : now;
  const add = async (kind: 'overall_plan' | 'annual_plan', classId: number | null, state: Uint8Array) => {
    const template = await currentTemplate(db, facility, kind, staff.director);
    const [doc] = await db
      .insert(recordDocuments)
      .values({
        companyId: facility.companyId,
        facilityId: facility.id,
        classId,
        kind,
        periodStart: `${year}-04-01`,
        periodEnd: `${year + 1}-03-31`,
        templateId: template.id,
        status: 'approved',
        approvedBy: staff.director,
        approvedAt: new Date(at.getTime() + 2 * HOUR),
        createdBy: classId ? staff.classStaff : staff.director,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await storeState(db, doc!.id, state, at);
    await db.insert(recordDocumentEvents).values([
      { documentId: doc!.id, action: 'created', byId: doc!.createdBy, at },
      { documentId: doc!.id, action: 'submitted', byId: doc!.createdBy, at: new Date(at.getTime() + HOUR) },
      { documentId: doc!.id, action: 'approved', byId: staff.director, at: new Date(at.getTime() + 2 * HOUR) },
    ]);
  };
  await add(
    'overall_plan',
    null,
    textState({
      philosophy: '子どもの最善の利益を考え、一人ひとりが心身ともに健やかに育つ場をつくる。',
      policy: '家庭や地域と連携し、子どもが安心して自分を発揮できる環境を整える。',
      goals: '・よく遊び、よく食べ、よく眠る子ども\n・思いやりの心を持つ子ども\n・自分で考えて行動する子ども',
      food: '栽培や調理体験を通して、食べることを楽しむ。',
      safety: '毎月の避難訓練と、午睡中の5分ごとの確認を行う。',
    }),
  );
  const klasses = await db
    .select()
    .from(classes)
    .where(and(eq(classes.facilityId, facility.id), eq(classes.fiscalYear, year)));
  for (const klass of klasses) {
    const goal = AGE_GOALS[klass.ageBand ?? 3]!;
    await add(
      'annual_plan',
      klass.id,
      textState(
        {
          year_goal: goal,
          'term_plan:0:1': '新しい環境に慣れ、安心して過ごす。',
          'term_plan:1:1': '水や砂に触れて、夏の遊びを楽しむ。',
          'term_plan:2:1': '秋の自然に親しみ、体を十分に動かして遊ぶ。',
          'term_plan:3:1': '一年の育ちを喜び、進級への期待を持つ。',
        },
        ['term_nursing:生命の保持', 'term_nursing:情緒の安定', 'term_domains:健康'],
      ),
    );
  }
}
