import { z } from 'zod';
import { defineCall } from './common';

export const pivotSchema = z.object({
  type: z.number().int(),
  main: z.boolean(),
  writable: z.boolean(),
  /** null = invited, not answered yet; true = active. */
  activated: z.boolean().nullable(),
});

export const childSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  first_name_kana: z.string(),
  last_name_kana: z.string(),
  image_url: z.string().nullable(),
  facility_name: z.string().nullable(),
  qr_token: z.string(),
  pivot: pivotSchema,
});
export type Child = z.infer<typeof childSchema>;

export const getChildren = defineCall({
  method: 'GET',
  path: '/api/children',
  summary: "The caller's children (activated and pending invitations), in the caller's saved order",
  response: z.array(childSchema),
});

export const existenceSchema = z.object({
  child_id: z.number().int(),
  note_child_id: z.number().int(),
  facility_id: z.number().int(),
  facility_name: z.string(),
});

export const getChildrenExistence = defineCall({
  method: 'GET',
  path: '/api/children/existence',
  summary: 'Current enrolments of the caller’s activated children (empty: no QR link, no communications)',
  response: z.array(existenceSchema),
});
