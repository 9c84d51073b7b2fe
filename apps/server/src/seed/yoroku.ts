import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { addMonths, fiscalYearOf, tokyoDate } from '@renraku/contract';
import {
  auditLog,
  children,
  classes,
  facilities,
  noteChildren,
  recordDocumentEvents,
  recordDocuments,
  recordYorokuFocuses,
  users,
} from '../db/schema';
import { randomToken } from '../lib/crypto';
import {
  admissionState,
  currentTemplate,
  loadRecordSettings,
  progressPeriodOf,
  storeState,
  yorokuDate,
} from '../modules/records/service';
import { seedProgressRecord } from './child-records';
import type { SeedContext } from './context';

const HOUR = 3600_000;

const KIDS = [
  { last: '高橋', first: '湊', lastKana: 'たかはし', firstKana: 'みなと', sex: 1, birth: '-06-12' },
  { last: '伊藤', first: '陽葵', lastKana: 'いとう', firstKana: 'ひまり', sex: 2, birth: '-09-03' },
  { last: '渡辺', first: '蓮', lastKana: 'わたなべ', firstKana: 'れん', sex: 1, birth: '-11-21' },
  { last: '小林', first: '紬', lastKana: 'こばやし', firstKana: 'つむぎ', sex: 2, birth: '-02-14' },
] as const;

/**
 * The 要録 demo (issue 33; docs/decisions/records-yoroku.md): さくら保育園's 年長 class ぞう組 with
 * four 5歳児, the class's 最終年度の重点, 湊's 要録 approved by the 園長 and 陽葵's a draft, and the
 * reads of 湊's 要録 in the audit log (the audit screen by child answers who read it and when).
 * 陽翔 is in ひよこ組 (not the final year), so 湊 is the demo's child for that question.
 */
export async function seedYoroku({ db, ids, now }: SeedContext, staff: { director: number; classStaff: number }) {
  const today = tokyoDate(now);
  const year = fiscalYearOf(today);
  const facility = { id: ids.facilities.sakura, companyId: ids.companies.sakura };
  const [klass] = await db
    .insert(classes)
    .values({ companyId: facility.companyId, facilityId: facility.id, name: 'ぞう組', fiscalYear: year, ageBand: 5 })
    .returning();
  await db.insert(recordYorokuFocuses).values({
    classId: klass!.id,
    companyId: facility.companyId,
    text: '友だちと思いを伝え合い、協力して一つのことをやり遂げる喜びを味わう。就学に向けて生活の見通しをもって自分で行動する。',
    updatedBy: staff.director,
    updatedAt: new Date(now.getTime() - 30 * 24 * HOUR),
  });
  const [f] = await db.select().from(facilities).where(eq(facilities.id, facility.id));
  const [director] = await db.select({ name: users.name }).from(users).where(eq(users.id, staff.director));
  const [teacher] = await db.select({ name: users.name }).from(users).where(eq(users.id, staff.classStaff));
  const template = await currentTemplate(db, facility, 'yoroku', staff.director);
  for (const [i, k] of KIDS.entries()) {
    // 5歳児 on 1 April of this 年度: born between 2 April six years before and 1 April five years before.
    const birth = `${k.birth.startsWith('-0') && Number(k.birth.slice(1, 3)) < 4 ? year - 5 : year - 6}${k.birth}`;
    const [child] = await db
      .insert(children)
      .values({
        companyId: facility.companyId,
        lastName: k.last,
        firstName: k.first,
        lastNameKana: k.lastKana,
        firstNameKana: k.firstKana,
        birth,
        sex: k.sex,
        qrToken: randomToken(24),
      })
      .returning();
    const admittedOn = `${year - 4}-04-01`;
    await db
      .insert(noteChildren)
      .values({ companyId: facility.companyId, childId: child!.id, facilityId: facility.id, classId: klass!.id, admittedOn });
    if (i > 1) continue;
    // The earlier 経過記録 the 要録 is written from (shown beside it): the last two 期, approved.
    const settings = await loadRecordSettings(db, facility.id);
    const progressTemplate = await currentTemplate(db, facility, 'progress_record', staff.director);
    const current = progressPeriodOf(today.slice(0, 7), birth, settings);
    let period = progressPeriodOf(addMonths(current.period, -1), birth, settings);
    for (let n = 0; n < 2; n++) {
      await seedProgressRecord(db, {
        facility,
        classId: klass!.id,
        childId: child!.id,
        period,
        status: 'approved',
        templateId: progressTemplate.id,
        staff,
        name: k.first,
        today,
      });
      period = progressPeriodOf(addMonths(period.period, -1), birth, settings);
    }
    const approved = i === 0;
    const at = new Date(now.getTime() - (approved ? 10 : 2) * 24 * HOUR);
    const [doc] = await db
      .insert(recordDocuments)
      .values({
        companyId: facility.companyId,
        facilityId: facility.id,
        classId: klass!.id,
        childId: child!.id,
        kind: 'yoroku',
        periodStart: `${year}-04-01`,
        periodEnd: `${year + 1}-03-31`,
        templateId: template.id,
        status: approved ? 'approved' : 'draft',
        approvedBy: approved ? staff.director : null,
        approvedAt: approved ? new Date(at.getTime() + 5 * HOUR) : null,
        createdBy: staff.classStaff,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const y = new Y.Doc();
    Y.applyUpdate(
      y,
      admissionState({
        child_name: `${k.last} ${k.first}`,
        child_kana: `${k.lastKana} ${k.firstKana}`,
        child_sex: k.sex === 1 ? '男' : '女',
        child_birth: yorokuDate(birth),
        child_address: '東京都世田谷区桜2-4-6',
        guardian_name: `${k.last} 由美`,
        guardian_address: '東京都世田谷区桜2-4-6',
        admitted_on: yorokuDate(admittedOn),
        graduated_on: yorokuDate(`${year + 1}-03-31`),
        school: approved ? '世田谷区立桜小学校' : '',
        facility: [f?.name, f?.address].filter(Boolean).join('　'),
        director_name: director?.name ?? '',
        teacher_name: teacher?.name ?? '',
      }),
    );
    y.getText('individual_focus').insert(
      0,
      `${k.first}さんが自分の思いを言葉で伝え、友だちの考えも受け止めながら遊びを進められるよう援助してきた。`,
    );
    y.getText('development').insert(
      0,
      '運動会のリレーでは、負けた悔しさを仲間と分かち合い、作戦を話し合って再び挑戦する姿が見られた（協同性）。飼育しているザリガニの世話を進んで行い、図鑑で調べたことを友だちに伝えていた。',
    );
    y.getMap('ticks').set('development_figures:協同性', true);
    y.getMap('ticks').set('development_figures:言葉による伝え合い', true);
    if (approved)
      y.getText('earlier_growth').insert(
        0,
        '3歳児クラスで入所。初めは母親と離れる際に泣いていたが、夏以降は自分から遊びに向かうようになった。',
      );
    await storeState(db, doc!.id, Y.encodeStateAsUpdate(y), at);
    const events: (typeof recordDocumentEvents.$inferInsert)[] = [
      { documentId: doc!.id, action: 'created', byId: staff.classStaff, at },
    ];
    if (approved)
      events.push(
        { documentId: doc!.id, action: 'submitted', byId: staff.classStaff, at: new Date(at.getTime() + 2 * HOUR) },
        { documentId: doc!.id, action: 'approved', byId: staff.director, at: new Date(at.getTime() + 5 * HOUR) },
      );
    await db.insert(recordDocumentEvents).values(events);
    if (!approved) continue;
    // Reads of 湊's 要録: the class's 保育士 on screen, the 園長 as PDF (the audit screen by child).
    const reads = [
      { userId: staff.classStaff, view: 'screen', hoursAgo: 72 },
      { userId: staff.director, view: 'pdf', hoursAgo: 26 },
    ];
    await db.insert(auditLog).values(
      reads.map((r) => ({
        companyId: facility.companyId,
        facilityId: facility.id,
        at: new Date(now.getTime() - r.hoursAgo * HOUR),
        userId: r.userId,
        action: 'yoroku.read',
        targetType: 'record_document',
        targetId: doc!.id,
        childId: child!.id,
        details: { kind: 'yoroku', period: `${year}-04-01`, version: 1, view: r.view },
      })),
    );
  }
}
