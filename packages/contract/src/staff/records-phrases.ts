import { z } from 'zod';
import { defineCall, idParam, messageSchema } from '../common';

/**
 * 文例 (records.md §3): phrases per age band, month and topic, shipped with the product and added
 * by a facility's 園長 or 主任; one tap in the editor inserts one at the caret of the focused field
 * (docs/decisions/records-phrases.md).
 */

export const recordPhraseTopics = ['children', 'aims', 'environment', 'support', 'evaluation', 'family'] as const;
export type RecordPhraseTopic = (typeof recordPhraseTopics)[number];
export const recordPhraseTopicLabels: Record<RecordPhraseTopic, string> = {
  children: '子どもの姿・様子',
  aims: 'ねらい・内容',
  environment: '環境構成',
  support: '保育者の援助・配慮',
  evaluation: '評価・反省',
  family: '家庭との連携',
};

/** Which topic a template field's phrases are (by the field's key); a field not named here offers every topic. */
export const recordFieldPhraseTopics: Record<string, RecordPhraseTopic> = {
  last_month: 'children',
  children_class: 'children',
  children_each: 'children',
  activities: 'children',
  aims: 'aims',
  content: 'aims',
  content_nursing_text: 'aims',
  content_education: 'aims',
  year_goal: 'aims',
  environment: 'environment',
  support: 'support',
  evaluation: 'evaluation',
  year_evaluation: 'evaluation',
  family: 'family',
};

export const recordPhrasesMessages = {
  text: '文例を入力してください（200文字以内）',
  topic: '文例の項目を選んでください',
  ageBands: '年齢は0〜5歳から選んでください',
  month: '月は1〜12で指定してください',
  query: '検索する言葉は50文字以内で入力してください',
  created: '文例を追加しました',
  deleted: '文例を削除しました',
} as const;
const P = recordPhrasesMessages;

export const recordPhraseSchema = z.object({
  /** Null for a shipped phrase (not removable). */
  id: z.number().int().nullable(),
  text: z.string(),
  topic: z.enum(recordPhraseTopics),
  /** The age bands (0–5歳) it suits; empty: every age. */
  age_bands: z.array(z.number().int()),
  /** The month (1–12) it suits; null: any month. */
  month: z.number().int().nullable(),
  source: z.enum(['shipped', 'facility']),
});
export type RecordPhrase = z.infer<typeof recordPhraseSchema>;

const facilityParams = z.object({ facilityId: idParam });
const ageBand = z.coerce.number({ message: P.ageBands }).int(P.ageBands).min(0, P.ageBands).max(5, P.ageBands);
const monthNumber = z.coerce.number({ message: P.month }).int(P.month).min(1, P.month).max(12, P.month);

export const getStaffRecordPhrases = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/record-phrases',
  summary: '文例: the shipped and the facility’s phrases for an age band, a month and a topic (each optional), searchable',
  params: facilityParams,
  query: z.object({
    age_band: ageBand.optional(),
    month: monthNumber.optional(),
    topic: z.enum(recordPhraseTopics, { message: P.topic }).optional(),
    q: z.string().trim().max(50, P.query).optional(),
  }),
  response: z.object({ phrases: z.array(recordPhraseSchema), can_add: z.boolean() }),
});

export const postStaffRecordPhrase = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/record-phrases',
  status: 201,
  summary: 'Adds a facility 文例 (園長, 主任, company admin); audited',
  params: facilityParams,
  body: z.object({
    text: z.string({ message: P.text }).trim().min(1, P.text).max(200, P.text),
    topic: z.enum(recordPhraseTopics, { message: P.topic }),
    age_bands: z
      .array(z.number({ message: P.ageBands }).int(P.ageBands).min(0, P.ageBands).max(5, P.ageBands), { message: P.ageBands })
      .max(6, P.ageBands)
      .default([]),
    month: z.number({ message: P.month }).int(P.month).min(1, P.month).max(12, P.month).nullable().default(null),
  }),
  response: recordPhraseSchema,
});

export const deleteStaffRecordPhrase = defineCall({
  method: 'DELETE',
  path: '/api/staff/facilities/{facilityId}/record-phrases/{phraseId}',
  summary: 'Removes a facility 文例 (園長, 主任, company admin); audited',
  params: z.object({ facilityId: idParam, phraseId: idParam }),
  response: messageSchema,
});
