import { and, asc, eq } from 'drizzle-orm';
import {
  childRecordFieldLabels,
  fullDateLabel,
  fullDateTimeLabel,
  relationTypes,
  type ChildRecord,
  type ChildRecordFieldKey,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { childUser, pickupPersons, users } from '../../db/schema';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import type { ChildRecordGrant } from './child-access';
import { presentChildRecord } from './child-record';
import type { FieldContent, SectionContent } from './content';
import { renderPdf } from './pdf';

const SP = '\u3000';
const text = (label: string, value: string, short = true): FieldContent => ({ type: 'text', label, text: value, short });
const own = (r: ChildRecord, key: ChildRecordFieldKey, short = false) => text(childRecordFieldLabels[key], r.fields[key], short);

/** The child's guardians (active links, the 代表 first) and the approved pick-up persons, as the page shows them. */
async function contactsOf(db: Db, childId: number) {
  const [guardians, pickups] = await Promise.all([
    db
      .select({ name: users.name, email: users.email, type: childUser.type, main: childUser.main })
      .from(childUser)
      .innerJoin(users, eq(users.id, childUser.userId))
      .where(and(eq(childUser.childId, childId), eq(childUser.activated, true)))
      .orderBy(asc(childUser.sortOrder)),
    db
      .select({ name: pickupPersons.name, relation: pickupPersons.relation, phone: pickupPersons.phone })
      .from(pickupPersons)
      .where(and(eq(pickupPersons.childId, childId), eq(pickupPersons.status, 'approved')))
      .orderBy(asc(pickupPersons.id)),
  ]);
  return {
    guardians: guardians
      .sort((a, b) => Number(b.main) - Number(a.main))
      .map((g) => `${g.name ?? g.email}（${relationTypes[g.type] ?? '続柄未設定'}${g.main ? '・代表' : ''}）`)
      .join('、'),
    pickups: pickups.map((p) => [p.name, p.relation && `（${p.relation}）`, p.phone].filter(Boolean).join('')).join('、'),
  };
}

/**
 * The 児童票's sections (records.md §2; docs/decisions/records-child-record-pdf.md): 入所に関する記録,
 * 家族・緊急連絡先, 入所時の状況と生育歴, 健康 (アレルギー and its cause, 既往症, 予防接種歴, かかりつけ医),
 * 身体測定 as a table, 特記事項. Blank fields print blank for the staff to fill by hand.
 */
export function childRecordSections(r: ChildRecord, contacts: { guardians: string; pickups: string }): SectionContent[] {
  const { child, enrolment } = r;
  const emergency = r.fields.emergency_contacts
    .map((c, i) => `${i + 1}. ${c.name}${c.relation ? `（${c.relation}）` : ''}${SP}${c.phone}`)
    .join('\n');
  return [
    {
      title: '入所に関する記録',
      fields: [
        text('氏名（ふりがな）', `${child.name}（${child.kana}）`),
        text('生年月日・性別', `${fullDateLabel(child.birth)}${SP}${child.sex === 2 ? '女' : child.sex === 1 ? '男' : ''}`),
        text(
          '施設・クラス',
          `${enrolment.facility_name}${SP}${enrolment.class?.name ?? '未所属'}（${enrolment.fiscal_age}歳児）`,
        ),
        text(
          '入所日・退所日',
          `${fullDateLabel(enrolment.admitted_on)}〜${enrolment.left_on ? fullDateLabel(enrolment.left_on) : ''}`,
        ),
        own(r, 'admission_notes'),
      ],
    },
    {
      title: '家族・緊急連絡先',
      fields: [
        text('保護者', contacts.guardians || '登録なし'),
        own(r, 'family_situation'),
        text('緊急連絡先', emergency || '登録なし', r.fields.emergency_contacts.length <= 1),
        text('お迎え登録者', contacts.pickups || '登録なし'),
      ],
    },
    { title: '生育歴', fields: [own(r, 'birth_history'), own(r, 'development_history')] },
    {
      title: '健康',
      fields: [
        text('アレルギー', child.allergies || 'なし'),
        own(r, 'allergy_cause'),
        text('配慮事項', child.care_notes || 'なし'),
        own(r, 'medical_history'),
        own(r, 'immunizations'),
        own(r, 'family_doctor', true),
      ],
    },
    {
      title: '身体測定',
      fields: [
        r.growths.length === 0
          ? text('記録', '記録はまだありません')
          : {
              type: 'grid',
              label: '身長・体重',
              columns: ['身長', '体重'],
              rows: r.growths.map((g) => ({
                label: fullDateLabel(g.measured_on),
                cells: [g.height !== null ? `${g.height}cm` : '—', g.weight !== null ? `${g.weight}kg` : '—'],
              })),
            },
      ],
    },
    { title: '特記事項', fields: [own(r, 'notes')] },
  ];
}

/** The 児童票 as an A4 portrait PDF with selectable text; the read is audited with the child (view `pdf`). */
export async function printChildRecord(
  db: Db,
  staff: StaffViewer,
  access: ChildRecordGrant,
  now: Date,
): Promise<{ filename: string; body: Buffer; type: string }> {
  const [record, contacts] = await Promise.all([presentChildRecord(db, staff, access), contactsOf(db, access.child.id)]);
  const body = await renderPdf({
    title: `児童票 ${record.child.name}さん`,
    subtitle: `${record.enrolment.facility_name}${SP}${record.fields.updated_at ? `最終更新 ${fullDateTimeLabel(new Date(record.fields.updated_at))}${record.fields.updated_by ? `（${record.fields.updated_by}）` : ''}` : ''}`,
    landscape: false,
    stamps: [],
    sections: childRecordSections(record, contacts),
    facts: null,
    printedAt: fullDateTimeLabel(now),
  });
  await recordAudit(db, staff, now, {
    companyId: access.grant.companyId,
    facilityId: access.grant.facilityId,
    action: 'child_record.read',
    targetType: 'child',
    targetId: access.child.id,
    childId: access.child.id,
    details: { view: 'pdf' },
  });
  return { filename: `child-record-${access.child.id}.pdf`, body, type: 'application/pdf' };
}
