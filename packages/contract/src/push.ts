import { z } from 'zod';
import { defineCall } from './common';

const tokenBody = z.object({
  token: z
    .string({ message: 'トークンを指定してください' })
    .trim()
    .min(1, 'トークンを指定してください')
    .max(4096, 'トークンが長すぎます'),
});

export const postRegisterToken = defineCall({
  method: 'POST',
  path: '/api/fcm/register-token',
  summary: 'Registers the device push token of the caller (idempotent)',
  body: tokenBody,
  response: z.object({ message: z.string() }),
});

export const deletePushToken = defineCall({
  method: 'DELETE',
  path: '/api/fcm/delete-token',
  summary: 'Forgets one of the caller’s push tokens (idempotent; another user’s token is left alone)',
  body: tokenBody,
  response: z.object({ message: z.string() }),
});
