import { z } from 'zod';
import { defineCall, idParam } from '../common';
import { recordDocumentSchema, recordDocumentSummarySchema, recordPlanSourceSchema, recordSlotSchema } from './records';

/**
 * The plans of a 年度 (records.md §2; docs/decisions/records-plans-screens.md): the facility's
 * 全体的な計画, written by the 園長 and 法人管理者 and read by every 保育士, and a class's
 * 年間指導計画, started from last 年度's plan of the same age when there is one.
 */

export const recordPlanMessages = {
  year: '年度の指定が正しくありません（2000〜2100年度）',
  createYear: '全体的な計画を新しく作れるのは今年度と来年度だけです',
  notWriter: '全体的な計画を作成・編集できるのは園長・法人管理者だけです',
  created: '作成しました',
} as const;

const Y = recordPlanMessages.year;
const queryYear = z.coerce.number({ message: Y }).int(Y).min(2000, Y).max(2100, Y);
const bodyYear = z.number({ message: Y }).int(Y).min(2000, Y).max(2100, Y);

export const overallPlanSchema = z.object({
  fiscal_year: z.number().int(),
  /** The latest version of the 年度's 全体的な計画, or null when it is not written yet. */
  document: recordDocumentSummarySchema.nullable(),
  state: recordSlotSchema.shape.state,
  /** The caller may create it (the 園長 and 法人管理者 on a desktop, for this 年度 or the next). */
  can_create: z.boolean(),
  /** Missing only: last 年度's 全体的な計画 a new one copies, else null (the facility's template). */
  source: recordPlanSourceSchema.nullable(),
  /** The 年度 that have a 全体的な計画, newest first. */
  years: z.array(z.number().int()),
});
export type OverallPlan = z.infer<typeof overallPlanSchema>;

const facilityParams = z.object({ facilityId: idParam });

export const getStaffOverallPlan = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/overall-plan',
  summary: 'The facility’s 全体的な計画 of a 年度 (this 年度 by default): its status, or what a new one starts from',
  params: facilityParams,
  query: z.object({ year: queryYear.optional() }),
  response: overallPlanSchema,
});

export const postStaffOverallPlan = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/overall-plan',
  summary:
    'Opens the facility’s 全体的な計画 of a 年度; the 園長 or 法人管理者 creates it when missing (this 年度 or the next), copied from last 年度’s or from the template; audited',
  params: facilityParams,
  body: z.object({ fiscal_year: bodyYear }),
  response: recordDocumentSchema,
});

export const postStaffClassAnnualPlan = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/annual-plan',
  summary:
    'Opens the class’s 年間指導計画 of its 年度; a writer of the class creates it when missing, copied from last 年度’s plan of the same age or from the template; audited',
  params: z.object({ classId: idParam }),
  response: recordDocumentSchema,
});
