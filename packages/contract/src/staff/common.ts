import { z } from 'zod';

/** The four staff roles (staff.md §1). */
export const staffRoles = ['company_admin', 'director', 'class_staff', 'office'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  company_admin: '法人管理者',
  director: '園長',
  class_staff: '保育士',
  office: '事務',
};

/** Texts of the staff side, shared by server and staff app. */
export const staffMessages = {
  notStaff: 'スタッフとしての所属がありません',
  totpInvalid: '確認コードが正しくありません',
  totpRequired: '二段階認証の設定が必要です',
  totpNotStarted: '先に二段階認証の設定を開始してください',
  totpAlreadyEnabled: '二段階認証はすでに有効です',
  pinSaved: 'PINを設定しました',
  pinInvalid: 'PINが正しくありません',
  pinLocked: 'PINの入力に5回失敗したため、この端末では15分間ロックされています',
  /** The whole PIN pad of one device, after many wrong PINs across people (docs/decisions/staff-pin-lock-per-device.md). */
  devicePinLocked: 'この端末ではPINの誤入力が続いたため、しばらくPINを入力できません。園長にお知らせしました',
  /** A gate kiosk opens no staff session (docs/decisions/access-device-sessions.md). */
  kioskNoSession: 'ゲート用の端末では職員のサインインはできません',
  pinFormat: 'PINは4桁の数字で入力してください',
  pinNotSet: 'PINが設定されていません。職員室のパソコンでPINを設定してください',
  deviceRequired: 'この端末はペアリングされていません',
  /** A tablet's PIN session asked for a call it does not hold (docs/decisions/access-device-sessions.md). */
  desktopOnly: 'この操作はパソコンからのサインインが必要です',
  totpPending: '確認コードを入力してください',
  memberExists: 'この方はすでにこの施設の職員として登録されています',
  memberSelf: 'ご自身の所属は変更・終了できません',
  memberClassInvalid: 'この施設のクラスを選択してください',
  memberPeriodInvalid: '所属終了日は所属開始日以降の日付を入力してください',
  memberInvited: '招待メールを送信しました',
  memberEnded: '所属を終了しました',
  pairingCodeInvalid: 'ペアリングコードが正しくないか、有効期限が切れています',
} as const;

export const staffPersonSchema = z.object({ id: z.number().int(), name: z.string() });
