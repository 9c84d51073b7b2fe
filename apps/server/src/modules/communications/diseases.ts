import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { diseases } from '../../db/schema';

/**
 * The master list of diseases and symptoms guardians pick from when reporting a sick absence:
 * the infections Japanese nurseries track (学校保健安全法 / 保育所における感染症対策ガイドライン) and
 * the usual symptoms. Shared by every company.
 */
export const DISEASE_MASTER: { name: string; type: 'disease' | 'symptom' }[] = [
  { name: '発熱', type: 'symptom' },
  { name: '咳', type: 'symptom' },
  { name: '鼻水', type: 'symptom' },
  { name: '嘔吐', type: 'symptom' },
  { name: '下痢', type: 'symptom' },
  { name: '腹痛', type: 'symptom' },
  { name: '発疹', type: 'symptom' },
  { name: '頭痛', type: 'symptom' },
  { name: '喉の痛み', type: 'symptom' },
  { name: '目やに・充血', type: 'symptom' },
  { name: '耳の痛み', type: 'symptom' },
  { name: '体調不良', type: 'symptom' },
  { name: 'かぜ', type: 'disease' },
  { name: 'インフルエンザ', type: 'disease' },
  { name: '新型コロナウイルス感染症', type: 'disease' },
  { name: 'RSウイルス感染症', type: 'disease' },
  { name: 'ヒトメタニューモウイルス感染症', type: 'disease' },
  { name: '溶連菌感染症', type: 'disease' },
  { name: '手足口病', type: 'disease' },
  { name: 'ヘルパンギーナ', type: 'disease' },
  { name: '咽頭結膜熱（プール熱）', type: 'disease' },
  { name: '流行性角結膜炎', type: 'disease' },
  { name: '水ぼうそう（水痘）', type: 'disease' },
  { name: 'おたふくかぜ（流行性耳下腺炎）', type: 'disease' },
  { name: '麻しん（はしか）', type: 'disease' },
  { name: '風しん', type: 'disease' },
  { name: '百日咳', type: 'disease' },
  { name: '感染性胃腸炎（ノロ・ロタウイルス）', type: 'disease' },
  { name: '突発性発しん', type: 'disease' },
  { name: 'りんご病（伝染性紅斑）', type: 'disease' },
  { name: 'とびひ（伝染性膿痂疹）', type: 'disease' },
  { name: 'マイコプラズマ肺炎', type: 'disease' },
  { name: '中耳炎', type: 'disease' },
  { name: '気管支炎・肺炎', type: 'disease' },
];

/** Inserts the master list where missing (idempotent): called by the demo seed and by tests. */
export async function ensureDiseaseMaster(db: Db) {
  await db
    .insert(diseases)
    .values(DISEASE_MASTER.map((d, i) => ({ ...d, sortOrder: i + 1 })))
    .onConflictDoNothing({ target: diseases.name });
  return db
    .select()
    .from(diseases)
    .orderBy(sql`${diseases.sortOrder}, ${diseases.id}`);
}
