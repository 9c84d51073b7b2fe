import { z } from 'zod';
import { defineCall, idParam, messageSchema } from './common';
import { guardianSchema } from './children';
import { relationTypeValues } from './relation-types';

const pair = { childId: idParam, userId: idParam };

export const putChangeWritable = defineCall({
  method: 'PUT',
  path: '/api/users/change/writable',
  summary: 'Toggles a co-guardian between writable and read-only (main guardian only)',
  body: z.object(pair),
  response: guardianSchema,
});

export const putDetach = defineCall({
  method: 'PUT',
  path: '/api/users/detach',
  summary: 'Removes a co-guardian from the child (main guardian only; never themself)',
  body: z.object(pair),
  response: messageSchema,
});

export const putChangeMain = defineCall({
  method: 'PUT',
  path: '/api/users/change/main',
  summary: 'Hands the main-guardian role to another activated guardian (main guardian only)',
  body: z.object(pair),
  response: z.object({ mainUser: guardianSchema, currentUser: guardianSchema }),
});

export const putRelationType = defineCall({
  method: 'PUT',
  path: '/api/users/type',
  summary: 'Changes the caller’s own relation to the child',
  body: z.object({
    ...pair,
    type: z.coerce
      .number({ message: '続柄を選択してください' })
      .int()
      .refine((value) => relationTypeValues.includes(value), '続柄を選択してください'),
  }),
  response: messageSchema,
});

export const inviteBody = z.object({
  child_id: idParam,
  email: z
    .string({ message: 'メールアドレスを入力してください' })
    .trim()
    .min(1, 'メールアドレスを入力してください')
    .max(255, 'メールアドレスは255文字以内で入力してください')
    .email('メールアドレスの形式が正しくありません'),
  type: z.coerce
    .number({ message: '続柄を選択してください' })
    .int()
    .refine((value) => relationTypeValues.includes(value), '続柄を選択してください'),
  writable: z.boolean({ message: '閲覧のみかどうかを指定してください' }),
});

export const postInvite = defineCall({
  method: 'POST',
  path: '/api/users/invite',
  summary:
    'Invites a co-guardian (main guardian only). 200: invitation mail sent; 202: sign-up guidance sent to an unregistered address',
  body: inviteBody,
  response: messageSchema,
});

export const getInviteVerify = defineCall({
  method: 'GET',
  path: '/api/users/invite/verify/{token}',
  summary: 'Opens an invitation link (single use, 7 days): the child to recognise; 403 when expired, used or not for the caller',
  params: z.object({ token: z.string().min(1).max(200) }),
  response: z.object({ child_id: z.number().int() }),
});
