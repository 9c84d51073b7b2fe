/** Texts the spec fixes, shared by server and web. */
export const messages = {
  genericError: 'エラーが発生しました',
  loading: '読み込み中...',
  loginFailed:
    'IDまたはパスワードが正しくありません. ログインには【はいチーズ！ID】の登録が必要となります',
  unauthenticated: 'ログインしてください',
  csrfMismatch: 'ページの有効期限が切れました。再読み込みしてからもう一度お試しください',
  forbidden: 'この操作を行う権限がありません',
  notFound: 'お探しのページが見つかりませんでした',
  tooManyRequests: '試行回数が上限に達しました。しばらく時間をおいてから再度お試しください',
  tooManyLoginAttempts: 'ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください',
  invalidInput: '入力内容に誤りがあります',
  logoutFailed: 'ログアウトに失敗しました',
  loggedOut: 'ログアウトしました',
  serverError: 'システムエラーが発生しました。時間をおいて再度お試しください',
} as const;

/** Limits the spec fixes (A §9, F §9). */
export const limits = {
  imageMaxBytes: 20_000_000,
  alertAutoCloseMs: 5000,
  alertWidth: 250,
  persistentAlertWidth: 300,
  snackbarMs: 3000,
  snackbarFadeMs: 300,
  dragActivationDistancePx: 5,
  contactBookText: 500,
  attendanceNote: 255,
  absenceNote: 255,
  questionnaireFreeText: 1000,
  minuteStep: 5,
  requestTimeoutMs: 5000,
  infiniteScrollGuardMs: 300,
  galleryVisibleImages: 5,
} as const;
