import { z } from 'zod';
import { defineCall } from './common';
import { functionKeys } from './constants/users';
export * from './constants/users';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  image_url: z.string().nullable(),
  agreed_at: z.string().nullable(),
  idp: z.object({ sub: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const getUsers = defineCall({
  method: 'GET',
  path: '/api/users',
  summary: 'The signed-in user',
  response: userSchema,
});

export const putUsersAgreedAt = defineCall({
  method: 'PUT',
  path: '/api/users/agreed-at',
  summary: 'Records that the user agreed to the terms of use',
  response: userSchema,
});

export const putUsers = defineCall({
  method: 'PUT',
  path: '/api/users',
  summary: 'Changes the caller’s name',
  body: z.object({
    name: z
      .string({ message: 'お名前を入力してください' })
      .trim()
      .min(1, 'お名前を入力してください')
      .max(50, 'お名前は50文字以内で入力してください'),
  }),
  response: userSchema,
});

export const postUserImage = defineCall({
  method: 'POST',
  path: '/api/users/images',
  summary: 'Uploads the caller’s avatar (multipart: content_name, upload_file); EXIF stripped',
  upload: { file: 'upload_file', fields: ['content_name'] },
  response: z.object({ image_url: z.string() }),
});

export const postChildrenOrder = defineCall({
  method: 'POST',
  path: '/api/users/children/order',
  summary: 'Saves the order of the caller’s activated children (must name exactly those children)',
  body: z.object({
    child_ids: z
      .array(z.coerce.number().int().positive().max(2_147_483_647), { message: 'お子さまを指定してください' })
      .min(1, 'お子さまを指定してください')
      .max(100),
  }),
  response: z.object({ message: z.string() }),
});

export type FunctionKey = (typeof functionKeys)[number];

export const getAvailableFunctions = defineCall({
  method: 'GET',
  path: '/api/users/functions/available',
  summary: 'Functions enabled at the facilities of the caller’s currently enrolled children',
  response: z.array(z.enum(functionKeys)),
});
