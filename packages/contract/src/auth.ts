import { z } from 'zod';
import { defineCall, messageSchema } from './common';
import { userSchema } from './users';

export const getCsrfCookie = defineCall({
  method: 'GET',
  path: '/sanctum/csrf-cookie',
  summary: 'Sets the readable XSRF-TOKEN cookie that every mutating call echoes in X-XSRF-TOKEN',
  response: z.null(),
  status: 204,
});

export const loginBody = z.object({
  email: z.string().trim().min(1, 'メールアドレスを入力してください').max(255).email('メールアドレスの形式が正しくありません'),
  password: z.string().min(1, 'パスワードを入力してください').max(1024),
  remember: z.boolean().optional().default(false),
});

export const postLogin = defineCall({
  method: 'POST',
  path: '/api/login',
  summary: 'Signs in with the shared ID (email + password); rotates the session',
  body: loginBody,
  response: z.object({
    user: userSchema,
    /** Where to go next: /terms when the terms are not agreed yet, else /main. */
    path: z.string(),
    /** Where to go after /terms. */
    next_path: z.string(),
  }),
});

export const postLogout = defineCall({
  method: 'POST',
  path: '/api/logout',
  summary: 'Ends the session',
  response: messageSchema,
});

export const getLoginCheck = defineCall({
  method: 'GET',
  path: '/api/login/check',
  summary: 'The signed-in user, or null when logged out',
  response: z.object({ user: userSchema.nullable() }),
});
