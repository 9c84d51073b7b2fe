import { z } from 'zod';
import { defineCall } from './common';

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
