import { z } from 'zod';
export * from './constants/pickup-codes';
import { birthDateString, defineCall, idParam, messageSchema } from './common';
import { relationTypeValues } from './relation-types';

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

/** A co-guardian as the child's guardians see them (A §3 "Guardian"). */
export const guardianSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  image_url: z.string().nullable(),
  pivot: z.object({ type: z.number().int(), main: z.boolean(), writable: z.boolean() }),
});
export type Guardian = z.infer<typeof guardianSchema>;

export const childDetailSchema = childSchema.extend({ users: z.array(guardianSchema) });
export type ChildDetail = z.infer<typeof childDetailSchema>;

export const childIdParams = z.object({ id: idParam });

export const getChild = defineCall({
  method: 'GET',
  path: '/api/children/{id}',
  summary: 'One of the caller’s activated children with its guardians',
  params: childIdParams,
  response: childDetailSchema,
});

const nameField = (label: string) =>
  z
    .string({ message: `${label}を入力してください` })
    .trim()
    .min(1, `${label}を入力してください`)
    .max(50, `${label}は50文字以内で入力してください`);
const kanaField = (label: string) =>
  nameField(label).regex(/^[ぁ-ゖァ-ヺー・\s\u3000]+$/, `${label}はひらがなで入力してください`);

export const updateChildBody = z.object({
  lastName: nameField('姓'),
  firstName: nameField('名'),
  lastNameKana: kanaField('せい'),
  firstNameKana: kanaField('めい'),
});

export const putChild = defineCall({
  method: 'PUT',
  path: '/api/children/{id}',
  summary: 'Changes the name shown in the notebook (main guardian only)',
  params: childIdParams,
  body: updateChildBody,
  response: childSchema,
});

export const mainUserSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  image_url: z.string().nullable(),
});

export const getRecognition = defineCall({
  method: 'GET',
  path: '/api/children/recognition/{id}',
  summary: 'A pending invitation of the caller to a child: the child and its main guardian',
  params: childIdParams,
  response: z.object({ child: childSchema, mainUser: mainUserSchema.nullable() }),
});

export const postRecognition = defineCall({
  method: 'POST',
  path: '/api/children/recognition',
  summary: 'Accepts (activate true) or refuses (false) a pending invitation; answers the updated children list',
  body: z.object({ childId: idParam, activate: z.boolean({ message: '承認するかどうかを指定してください' }) }),
  response: z.array(childSchema),
});

export const getChildUser = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/users/{userId}',
  summary: 'One guardian of one of the caller’s children',
  params: z.object({ childId: idParam, userId: idParam }),
  response: z.object({ user: guardianSchema, child: childSchema }),
});

export const postChildrenSession = defineCall({
  method: 'POST',
  path: '/api/children/session',
  summary: 'Remembers a child registration URL for a visitor who is not logged in yet',
  body: z.object({
    company: z.coerce.number({ message: 'URLが正しくありません' }).int().positive().max(2_147_483_647),
    token: z.string().min(1, 'URLが正しくありません').max(200),
  }),
  response: messageSchema,
});

export const registerChildBody = z.object({
  birth: birthDateString,
  type: z.coerce
    .number()
    .int()
    .refine((value) => relationTypeValues.includes(value), '続柄を選択してください'),
  token: z.string().min(1, 'URLが正しくありません').max(200),
  company_id: z.coerce.number({ message: 'URLが正しくありません' }).int().positive().max(2_147_483_647),
});

export const postChild = defineCall({
  method: 'POST',
  path: '/api/children',
  summary: 'Registers the child of a registration URL, proven by its birth date',
  body: registerChildBody,
  response: z.object({ message: z.string(), child_id: z.number().int() }),
  status: 201,
});

export const imageUploadResponse = z.object({ image_url: z.string() });

export const postChildImage = defineCall({
  method: 'POST',
  path: '/api/children/{childId}/images',
  summary: 'Uploads the child photo (multipart: content_name, upload_file); EXIF stripped',
  params: z.object({ childId: idParam }),
  upload: { file: 'upload_file', fields: ['content_name'] },
  response: imageUploadResponse,
});

/** お迎え登録者 as the child's guardians see them (staff.md §3; docs/decisions/children-pickup-proposals.md). */
export const childPickupPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
  /** approved: 登録済み; proposed: 承認待ち */
  status: z.enum(['approved', 'proposed']),
  image_url: z.string().nullable(),
});
export type ChildPickupPerson = z.infer<typeof childPickupPersonSchema>;

export const getChildPickupPersons = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/pickup-persons',
  summary: 'The child’s pick-up persons, registered and proposed (every activated guardian)',
  params: z.object({ childId: idParam }),
  response: z.array(childPickupPersonSchema),
});

export const postChildPickupPerson = defineCall({
  method: 'POST',
  path: '/api/children/{childId}/pickup-persons',
  summary:
    'Proposes a pick-up person for staff to approve (main guardian; multipart: name, relation, phone, optional upload_file; the photo’s metadata stripped)',
  params: z.object({ childId: idParam }),
  upload: { file: 'upload_file', fields: ['name', 'relation', 'phone'], optional: true },
  response: childPickupPersonSchema,
  status: 201,
});

export const deleteChildPickupPerson = defineCall({
  method: 'DELETE',
  path: '/api/children/{childId}/pickup-persons/{pickupPersonId}',
  summary: 'Withdraws a proposal still waiting for staff (main guardian); a registered person stays (409)',
  params: z.object({ childId: idParam, pickupPersonId: idParam }),
  response: messageSchema,
});

/** A one-time pick-up code the main guardian issued for a substitute (staff.md §6); the code itself is shown once. */
export const childPickupCodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type ChildPickupCode = z.infer<typeof childPickupCodeSchema>;

export const getChildPickupCodes = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/pickup-codes',
  summary: 'The child’s one-time pick-up codes of today, unused and used (main guardian; others 403, unrelated 404)',
  params: z.object({ childId: idParam }),
  response: z.array(childPickupCodeSchema),
});

export const postChildPickupCode = defineCall({
  method: 'POST',
  path: '/api/children/{childId}/pickup-codes',
  summary:
    'Issues a one-time 6-digit pick-up code for a substitute, valid until the end of today (Tokyo); the code is answered once and stored hashed (main guardian)',
  params: z.object({ childId: idParam }),
  body: z.object({
    name: z
      .string({ message: 'お迎えに来る方のお名前を入力してください' })
      .trim()
      .min(1, 'お迎えに来る方のお名前を入力してください')
      .max(50, 'お名前は50文字以内で入力してください'),
  }),
  response: z.object({ id: z.number().int(), code: z.string(), name: z.string(), expires_at: z.string() }),
  status: 201,
});

export const deleteChildPickupCode = defineCall({
  method: 'DELETE',
  path: '/api/children/{childId}/pickup-codes/{codeId}',
  summary: 'Cancels an unused pick-up code (main guardian)',
  params: z.object({ childId: idParam, codeId: idParam }),
  response: messageSchema,
});
