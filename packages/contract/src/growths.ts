import { z } from 'zod';
import { dateString, defineCall, idParam } from './common';
import { viewableChildSchema } from './events';

/** Texts and chart constants of growth records (F §2 Growths, §9). */
export const growthTexts = {
  title: '成長記録',
  prompt: '成長記録の閲覧をするお子さまを選択してください',
  headerSuffix: 'の成長記録',
  empty: '表示可能な成長記録がありません。',
  source: '出典：こども家庭庁『令和5年乳幼児身体発育調査』をもとに作成（一部加工）',
  noSex: '性別が登録されていないため、発育曲線（パーセンタイル）は表示していません。',
  beyondReference: '6歳4か月以降は調査の対象外のため、発育曲線は6歳3か月までです。',
} as const;

export const growthChart = {
  maxMonths: 84,
  height: { min: 30, max: 140, step: 10, title: '身長(cm)' },
  weight: { min: 0, max: 65, step: 10, lastLabel: 60, title: '体重(kg)' },
  x: { title: '年齢(歳)', step: 12 },
  percentiles: ['3', '10', '50', '90', '97'] as const,
  /** Canvas aspect width:height. */
  aspect: { width: 85, height: 111 },
} as const;

export const percentilesSchema = z.object({
  '3': z.number(),
  '10': z.number(),
  '50': z.number(),
  '90': z.number(),
  '97': z.number(),
});
export type Percentiles = z.infer<typeof percentilesSchema>;

export const growthRecordSchema = z.object({
  id: z.number().int(),
  date: dateString,
  height: z.number().nullable(),
  weight: z.number().nullable(),
  head: z.number().nullable(),
  chest: z.number().nullable(),
  /** Age in completed months on the measurement date. */
  age: z.number().int(),
});
export type GrowthRecord = z.infer<typeof growthRecordSchema>;

export const getGrowthsViewableChildren = defineCall({
  method: 'GET',
  path: '/api/growths/children/viewable',
  summary: 'Children whose growth records the caller may see (activated links)',
  response: z.array(viewableChildSchema),
});

export const getChildGrowths = defineCall({
  method: 'GET',
  path: '/api/children/{id}/growths',
  summary:
    'Reference curves for the child’s sex by month 0–84 (null where the survey has no data) and the measurements, newest first',
  params: z.object({ id: idParam }),
  response: z.object({
    /** 1 boy, 2 girl, null unknown (then no reference curves). */
    sex: z.union([z.literal(1), z.literal(2)]).nullable(),
    generalHeight: z.array(percentilesSchema.nullable()),
    generalWeight: z.array(percentilesSchema.nullable()),
    actual: z.array(growthRecordSchema),
  }),
});
