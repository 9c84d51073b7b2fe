import { z } from 'zod';
import { defineCall, idParam, messageSchema } from '../common';

/** お迎え登録者 (staff.md §3): who may pick a child up, with relation and phone. */
export const pickupPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
  /** approved: may pick up; proposed: a guardian's proposal waiting for staff */
  status: z.enum(['approved', 'proposed']),
  /** The photo's thumb (signed URL), null without one. */
  image_url: z.string().nullable(),
  approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PickupPerson = z.infer<typeof pickupPersonSchema>;

export const pickupPersonBody = z.object({
  name: z
    .string({ message: 'お名前を入力してください' })
    .trim()
    .min(1, 'お名前を入力してください')
    .max(50, 'お名前は50文字以内で入力してください'),
  relation: z
    .string({ message: '続柄を入力してください' })
    .trim()
    .min(1, '続柄を入力してください')
    .max(20, '続柄は20文字以内で入力してください'),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9０-９+\-－ ()]{0,20}$/, '電話番号は数字とハイフンで20文字以内で入力してください')
    .optional()
    .default(''),
});

export const pickupMessages = {
  deleted: 'お迎え登録者を削除しました',
  imageRemoved: '写真を削除しました',
  withdrawn: '申請を取り下げました',
  notProposed: '登録済みのお迎え登録者は取り下げできません。変更は施設にご連絡ください',
  tooManyProposals: '承認待ちの申請は5件までです。施設の承認をお待ちください',
  mainOnly: 'お迎え登録者の申請は代表者のみ行えます',
} as const;

/** Most proposals of one child waiting for staff at once. */
export const PICKUP_PROPOSALS_MAX = 5;

export const getStaffPickupPersons = defineCall({
  method: 'GET',
  path: '/api/staff/children/{childId}/pickup-persons',
  summary: 'The child’s pick-up persons (every member of its facility); the read is audited',
  params: z.object({ childId: idParam }),
  response: z.array(pickupPersonSchema),
});

export const postStaffPickupPerson = defineCall({
  method: 'POST',
  path: '/api/staff/children/{childId}/pickup-persons',
  summary: 'Registers a pick-up person, approved (director, office, company admin); audited',
  params: z.object({ childId: idParam }),
  body: pickupPersonBody,
  response: pickupPersonSchema,
  status: 201,
});

export const putStaffPickupPerson = defineCall({
  method: 'PUT',
  path: '/api/staff/pickup-persons/{pickupPersonId}',
  summary: 'Edits a pick-up person; a proposed one becomes approved by the caller (director, office, company admin); audited',
  params: z.object({ pickupPersonId: idParam }),
  body: pickupPersonBody,
  response: pickupPersonSchema,
});

export const deleteStaffPickupPerson = defineCall({
  method: 'DELETE',
  path: '/api/staff/pickup-persons/{pickupPersonId}',
  summary: 'Removes a pick-up person (director, office, company admin); audited',
  params: z.object({ pickupPersonId: idParam }),
  response: messageSchema,
});

export const postStaffPickupPersonImage = defineCall({
  method: 'POST',
  path: '/api/staff/pickup-persons/{pickupPersonId}/image',
  summary:
    'Uploads or replaces a pick-up person’s photo (multipart: upload_file); metadata stripped (director, office, company admin); audited',
  params: z.object({ pickupPersonId: idParam }),
  upload: { file: 'upload_file' },
  response: pickupPersonSchema,
});

export const deleteStaffPickupPersonImage = defineCall({
  method: 'DELETE',
  path: '/api/staff/pickup-persons/{pickupPersonId}/image',
  summary: 'Removes a pick-up person’s photo (director, office, company admin); audited',
  params: z.object({ pickupPersonId: idParam }),
  response: pickupPersonSchema,
});
