import { z } from 'zod';
import { defineCall, messageSchema } from './common';
import { userSchema } from './users';
import { commonPasswords, idpMessages } from './constants/idp';
export * from './constants/idp';

export const newPasswordSchema = z
  .string({ message: idpMessages.passwordTooShort })
  .min(10, idpMessages.passwordTooShort)
  .max(128, idpMessages.passwordTooLong)
  .refine((value) => !commonPasswords.includes(value.toLowerCase()), idpMessages.passwordTooCommon);

const email = z
  .string({ message: 'メールアドレスを入力してください' })
  .trim()
  .min(1, 'メールアドレスを入力してください')
  .max(255, 'メールアドレスは255文字以内で入力してください')
  .email('メールアドレスの形式が正しくありません');
const redirectUrl = z.string().max(2000).optional();
const token = z.string().min(1).max(200);

export const postSignup = defineCall({
  method: 'POST',
  path: '/api/idp/signup',
  summary:
    'Starts sign-up: mails a single-use verification link (60 min). The same answer whether the address is registered or not',
  body: z.object({ email, redirect_url: redirectUrl }),
  response: messageSchema,
  status: 202,
});

export const getSignupToken = defineCall({
  method: 'GET',
  path: '/api/idp/signup/{token}',
  summary: 'The address a valid sign-up link belongs to (422 when expired, used or unknown)',
  params: z.object({ token }),
  response: z.object({ email: z.string() }),
});

export const postSignupComplete = defineCall({
  method: 'POST',
  path: '/api/idp/signup/complete',
  summary: 'Sets the password, records the agreement to the terms, creates the account, signs in',
  body: z
    .object({
      token,
      password: newPasswordSchema,
      password_confirmation: z.string(),
      agreed: z.literal(true, { message: idpMessages.mustAgree }),
    })
    .refine((v) => v.password === v.password_confirmation, {
      message: idpMessages.passwordMismatch,
      path: ['password_confirmation'],
    }),
  response: z.object({ user: userSchema, redirect_url: z.string() }),
});

export const postPasswordForgot = defineCall({
  method: 'POST',
  path: '/api/idp/password/forgot',
  summary: 'Mails a single-use password reset link (60 min). The same answer whether the address is registered or not',
  body: z.object({ email, redirect_url: redirectUrl }),
  response: messageSchema,
  status: 202,
});

export const getPasswordResetToken = defineCall({
  method: 'GET',
  path: '/api/idp/password/reset/{token}',
  summary: 'Whether a reset link is still valid (422 when expired, used or unknown)',
  params: z.object({ token }),
  response: z.object({ valid: z.literal(true) }),
});

export const postPasswordReset = defineCall({
  method: 'POST',
  path: '/api/idp/password/reset',
  summary: 'Sets a new password from a reset link; ends every session of the user',
  body: z
    .object({ token, password: newPasswordSchema, password_confirmation: z.string() })
    .refine((v) => v.password === v.password_confirmation, {
      message: idpMessages.passwordMismatch,
      path: ['password_confirmation'],
    }),
  response: z.object({ message: z.string(), redirect_url: z.string() }),
});

export const postEmailChange = defineCall({
  method: 'POST',
  path: '/api/idp/email/change',
  summary: 'Signed in: confirms the current password and mails a verification link to the new address',
  body: z.object({
    current_password: z.string().min(1, '現在のパスワードを入力してください').max(1024),
    new_email: email,
    redirect_url: redirectUrl,
  }),
  response: messageSchema,
  status: 202,
});

export const postEmailVerify = defineCall({
  method: 'POST',
  path: '/api/idp/email/verify',
  summary: 'Confirms a new address from its link; the old address is notified',
  body: z.object({ token }),
  response: z.object({ message: z.string(), redirect_url: z.string() }),
});

export const postPasswordChange = defineCall({
  method: 'POST',
  path: '/api/idp/password/change',
  summary: 'Signed in: changes the password (current one required); ends the other sessions; notification mail',
  body: z
    .object({
      current_password: z.string().min(1, '現在のパスワードを入力してください').max(1024),
      password: newPasswordSchema,
      password_confirmation: z.string(),
    })
    .refine((v) => v.password === v.password_confirmation, {
      message: idpMessages.passwordMismatch,
      path: ['password_confirmation'],
    }),
  response: messageSchema,
});
