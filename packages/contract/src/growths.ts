import { z } from 'zod';
import { dateString, defineCall, idParam } from './common';
import { viewableChildSchema } from './events';
export * from './constants/growths';

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
