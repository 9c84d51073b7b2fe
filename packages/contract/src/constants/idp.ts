/** Constants of the idp area: no zod here, so the web's first load stays small. */

/** A small list of passwords that must never be accepted (lower-cased). */
export const commonPasswords = [
  'password', 'password1', 'password123', 'passw0rd', '1234567890', '12345678910', '0123456789', '1111111111',
  'qwertyuiop', 'qwerty1234', 'qwerty12345', 'abcdefghij', 'abcd123456', 'iloveyou12', 'football12', 'baseball12',
  'sunshine12', 'princess12', 'welcome123', 'admin12345', 'letmein123', 'monkey1234', 'dragon1234', 'hoikuen123',
  'hogosha123', 'renrakucho', 'renraku123', 'kodomo1234', 'aaaaaaaaaa', 'asdfghjkl1', 'zxcvbnm123', '9876543210',
];

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
