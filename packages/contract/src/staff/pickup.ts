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
} as const;

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
