import { z } from 'zod';
import { defineCall, messageSchema } from './common';
import { userSchema } from './users';

/** Texts of the ID service screens and answers. */
export const idpMessages = {
  signupSent: 'ご入力いただいたメールアドレスに登録用のメールを送信しました。メールに記載されたURLから登録を続けてください。',
  resetSent: 'ご入力いただいたメールアドレスが登録されている場合、パスワード再設定用のメールを送信しました。',
  linkInvalid: 'このURLは無効か、有効期限が切れています。お手数ですが、もう一度手続きを行ってください。',
  passwordTooShort: 'パスワードは10文字以上で入力してください',
  passwordTooLong: 'パスワードは128文字以内で入力してください',
  passwordTooCommon: 'このパスワードは推測されやすいため使用できません。別のパスワードを入力してください',
  passwordMismatch: 'パスワード（確認）が一致しません',
  mustAgree: '利用規約への同意が必要です',
  currentPasswordWrong: '現在のパスワードが正しくありません',
  emailTaken: 'このメールアドレスは既に使用されています',
  emailSame: '現在と同じメールアドレスです',
  emailChangeSent: '新しいメールアドレスに確認用のメールを送信しました。メールに記載されたURLを開くと変更が完了します。',
  emailChanged: 'メールアドレスを変更しました',
  passwordChanged: 'パスワードを変更しました',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  tooManyMails: 'メールの送信回数が上限に達しました。しばらく時間をおいてから再度お試しください',
} as const;

/** A small list of passwords that must never be accepted (lower-cased). */
export const commonPasswords = [
  'password', 'password1', 'password123', 'passw0rd', '1234567890', '12345678910', '0123456789', '1111111111',
  'qwertyuiop', 'qwerty1234', 'qwerty12345', 'abcdefghij', 'abcd123456', 'iloveyou12', 'football12', 'baseball12',
  'sunshine12', 'princess12', 'welcome123', 'admin12345', 'letmein123', 'monkey1234', 'dragon1234', 'hoikuen123',
  'hogosha123', 'renrakucho', 'renraku123', 'kodomo1234', 'aaaaaaaaaa', 'asdfghjkl1', 'zxcvbnm123', '9876543210',
];

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
  summary: 'Starts sign-up: mails a single-use verification link (60 min). The same answer whether the address is registered or not',
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
    .refine((v) => v.password === v.password_confirmation, { message: idpMessages.passwordMismatch, path: ['password_confirmation'] }),
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
    .refine((v) => v.password === v.password_confirmation, { message: idpMessages.passwordMismatch, path: ['password_confirmation'] }),
  response: z.object({ message: z.string(), redirect_url: z.string() }),
});

export const postEmailChange = defineCall({
  method: 'POST',
  path: '/api/idp/email/change',
  summary: 'Signed in: confirms the current password and mails a verification link to the new address',
  body: z.object({ current_password: z.string().min(1, '現在のパスワードを入力してください').max(1024), new_email: email, redirect_url: redirectUrl }),
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
    .object({ current_password: z.string().min(1, '現在のパスワードを入力してください').max(1024), password: newPasswordSchema, password_confirmation: z.string() })
    .refine((v) => v.password === v.password_confirmation, { message: idpMessages.passwordMismatch, path: ['password_confirmation'] }),
  response: messageSchema,
});
