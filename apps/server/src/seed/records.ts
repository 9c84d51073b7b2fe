import { and, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { addMonths, fiscalYearOf, monthRange, tokyoDate } from '@renraku/contract';
import { classes, recordDocumentEvents, recordDocuments, recordPhrases } from '../db/schema';
import { currentTemplate, journalDays, storeState } from '../modules/records/service';
import type { SeedContext } from './context';

const HOUR = 3600_000;

/** A document's text as typed: each field's Y.Text and the ticks. */
function stateOf(texts: Record<string, string>, ticks: string[] = [], values: Record<string, string> = {}) {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const [key, value] of Object.entries(texts)) doc.getText(key).insert(0, value);
    for (const tick of ticks) doc.getMap('ticks').set(tick, true);
    for (const [key, value] of Object.entries(values)) doc.getMap('values').set(key, value);
  });
  return Y.encodeStateAsUpdate(doc);
}

const monthlyPlan = (className: string) => ({
  last_month: `${className}では、園庭での探索遊びを楽しむ姿が多く見られた。保育者との関わりの中で安心して過ごせるようになってきている。`,
  aims: '・秋の自然に触れ、見たり触れたりして楽しむ。\n・保育者や友だちと一緒に体を動かす心地よさを味わう。',
  content_nursing_text: '一人ひとりの体調の変化に気を配り、気温に応じて衣服を調節する。',
  content_education: '落ち葉やどんぐりを拾い、感触や音を楽しむ（環境）。\n簡単な言葉や指差しで気持ちを伝えようとする（言葉）。',
  environment: '散歩の経路を事前に確認し、拾った自然物を入れる袋を用意する。',
  activities: '散歩、落ち葉遊び、リズム遊び、絵本の読み聞かせ',
  support: '子どもの発見や驚きに共感し、言葉にして返していく。',
  food: 'さつまいもなど秋の食材に触れ、においや形に興味を持てるようにする。',
  health: '感染症の流行期に入るため、手洗い・換気を徹底する。',
  family: '朝夕の気温差が大きいため、調節しやすい衣服の用意をお願いする。',
  events: '避難訓練、誕生会、芋ほり',
});

const journal = (n: number) => ({
  aims: [
    '秋の自然に触れて遊ぶ',
    '友だちと一緒に体を動かす',
    '絵本の世界を楽しむ',
    '手洗いの習慣を身につける',
    '室内で体を動かして遊ぶ',
  ][n % 5]!,
  activities: [
    '近くの公園へ散歩に行き、落ち葉やどんぐりを拾った。',
    'ホールでリズム遊びをした。',
    '「おおきなかぶ」の読み聞かせ。',
    '製作（どんぐりのマラカス）。',
    '雨のため室内でサーキット遊び。',
  ][n % 5]!,
  children_class: '保育者の声かけに応じて、自分から手を洗おうとする姿が増えてきた。',
  evaluation: '一人ひとりの興味に合わせて、遊びの時間を十分に取ることができた。',
});

/**
 * 計画・記録 demo (records.md; issue 32): さくら保育園's classes get last month's 月案 (approved),
 * this month's (a draft with text), and the 保育日誌 of the last due days: the oldest approved,
 * one returned with a comment, the others drafts; today's is left to write.
 */
export async function seedRecords({ db, ids, now }: SeedContext, staff: { director: number; classStaff: number }): Promise<void> {
  const today = tokyoDate(now);
  const month = today.slice(0, 7);
  const facility = { id: ids.facilities.sakura, companyId: ids.companies.sakura };
  const klasses = await db
    .select()
    .from(classes)
    .where(and(eq(classes.facilityId, facility.id), eq(classes.fiscalYear, fiscalYearOf(today))));
  const plan = await currentTemplate(db, facility, 'monthly_plan', staff.director);
  const diary = await currentTemplate(db, facility, 'daily_journal', staff.director);
  const back = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const days = [...journalDays(month, today, new Set()), ...journalDays(addMonths(month, -1), today, new Set())]
    .filter((d) => d < today)
    .sort()
    .reverse()
    .slice(0, 5)
    .reverse();

  for (const klass of klasses) {
    const add = async (
      kind: 'monthly_plan' | 'daily_journal',
      start: string,
      end: string,
      status: 'draft' | 'submitted' | 'approved' | 'returned',
      state: Uint8Array,
      at: Date,
    ) => {
      const [doc] = await db
        .insert(recordDocuments)
        .values({
          companyId: facility.companyId,
          facilityId: facility.id,
          classId: klass.id,
          kind,
          periodStart: start,
          periodEnd: end,
          templateId: kind === 'monthly_plan' ? plan.id : diary.id,
          status,
          returnComment: status === 'returned' ? '午睡の様子と、欠席児への連絡について書き足してください。' : null,
          approvedBy: status === 'approved' ? staff.director : null,
          approvedAt: status === 'approved' ? new Date(at.getTime() + 2 * HOUR) : null,
          createdBy: staff.classStaff,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await storeState(db, doc!.id, state, at);
      const events: (typeof recordDocumentEvents.$inferInsert)[] = [
        { documentId: doc!.id, action: 'created', byId: staff.classStaff, at },
      ];
      if (status !== 'draft')
        events.push({ documentId: doc!.id, action: 'submitted', byId: staff.classStaff, at: new Date(at.getTime() + HOUR) });
      if (status === 'approved' || status === 'returned')
        events.push({
          documentId: doc!.id,
          action: status,
          byId: staff.director,
          at: new Date(at.getTime() + 2 * HOUR),
          comment: status === 'returned' ? '午睡の様子と、欠席児への連絡について書き足してください。' : null,
        });
      await db.insert(recordDocumentEvents).values(events);
    };
    const last = monthRange(addMonths(month, -1));
    await add(
      'monthly_plan',
      last.first,
      last.last,
      'approved',
      stateOf(monthlyPlan(klass.name), ['content_nursing:生命の保持']),
      back(24 * 30),
    );
    const current = monthRange(month);
    await add(
      'monthly_plan',
      current.first,
      current.last,
      'draft',
      stateOf(monthlyPlan(klass.name), [
        'content_nursing:生命の保持',
        'content_nursing:情緒の安定',
        'content_domains:環境',
        'content_domains:言葉',
      ]),
      back(24 * 3),
    );
    for (const [n, day] of days.entries()) {
      const status = n === 0 ? 'approved' : n === 1 ? 'returned' : n === days.length - 1 ? 'submitted' : 'draft';
      await add(
        'daily_journal',
        day,
        day,
        status,
        stateOf(journal(n), [], { weather: n % 3 === 2 ? '雨' : '晴れ' }),
        back(24 * (days.length - n)),
      );
    }
  }
  // The facility's own 文例 beside the shipped ones (records-phrases.md), added by the 園長.
  await db.insert(recordPhrases).values(
    [
      { topic: 'environment', ageBands: [], text: '園庭の桜の木の下にござを敷き、季節の移り変わりを感じられる場を作る。' },
      { topic: 'family', ageBands: [0, 1, 2], text: 'れんらくノートの写真を添えて、園での様子を具体的に伝える。' },
    ].map((p) => ({ ...p, companyId: facility.companyId, facilityId: facility.id, createdBy: staff.director, createdAt: now })),
  );
}
