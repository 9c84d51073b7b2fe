/** Texts the spec fixes, shared by server and web. */
export const messages = {
  genericError: 'エラーが発生しました',
  loading: '読み込み中...',
  loginFailed: 'IDまたはパスワードが正しくありません. ログインには【はいチーズ！ID】の登録が必要となります',
  unauthenticated: 'ログインしてください',
  csrfMismatch: 'ページの有効期限が切れました。再読み込みしてからもう一度お試しください',
  forbidden: 'この操作を行う権限がありません',
  notFound: 'お探しのページが見つかりませんでした',
  tooManyRequests: '試行回数が上限に達しました。しばらく時間をおいてから再度お試しください',
  tooManyLoginAttempts: 'ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください',
  invalidInput: '入力内容に誤りがあります',
  /** A NUL character (U+0000) in any input: PostgreSQL text cannot hold it. */
  invalidCharacter: '使用できない文字が含まれています',
  logoutFailed: 'ログアウトに失敗しました',
  loggedOut: 'ログアウトしました',
  serverError: 'システムエラーが発生しました。時間をおいて再度お試しください',
  /** 503 while the database cannot be reached (a restart or failover). */
  serviceUnavailable: 'ただいまサーバーに接続できません。しばらくしてから再度お試しください',
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

/** Texts of the children, guardians, users and settings areas (A §5, §8). */
export const guardianMessages = {
  registered: '登録完了',
  imageRequired: '画像ファイルを選択してください',
  imageTooLarge: '空のファイルまたは20MB以上の画像はアップロードできません',
  imageUploaded: '画像をアップロードしました',
  permissionChanged: '権限の変更が完了しました',
  relationUpdated: '続柄を更新しました',
  childNameChanged: 'お子さまのお名前を変更しました',
  orderSaved: 'お子さまの並び順を保存しました',
  orderSaveFailed: 'お子さまの並び順の保存に失敗しました',
  sorterSaveFailed: '並び替えの保存に失敗しました',
  orderUnsaved: '並び順の変更が保存されていません。本当にページを離れますか？',
  nameUpdated: 'お名前の更新が成功しました',
  notificationsOn: 'すべてのメール通知をオンにしました。',
  notificationsOff: 'すべてのメール通知をオフにしました。',
  invitationExpired: '招待URLの有効期限が切れています。代表者の方に再度招待を依頼してください。',
  invitationSignupGuidance:
    'このメールアドレスはまだ登録されていないため、ID登録のご案内メールを送信しました。登録が完了すると招待が届きます。',
  invitationSent: '招待メールを送信しました',
  alreadyInvited: 'このメールアドレスの方はすでに保護者として登録済みか招待中です',
  wrongBirth: '生年月日が正しくありません',
  registrationTokenInvalid: 'このお子さま登録URLは有効期限が切れているか、すでに使用されています。施設にお問い合わせください',
  alreadyLinked: 'このお子さまはすでに登録されています',
  mainCannotDetachSelf: '代表者はご自身を解除できません。先に代表者を変更してください',
  mainCannotChangeSelf: '代表者ご自身の権限は変更できません',
  onlySelfType: '続柄はご本人のみ変更できます',
  orderMismatch: 'お子さまの並び順が正しくありません。画面を再読み込みしてください',
  childRegistrationSession: 'お子さま登録のためにログインしてください',
} as const;
