/** Constants of the billing area (spec/billing.md): no zod here, so the web's first load stays small. */

export const statementStatuses = ['draft', 'unpaid', 'scheduled', 'paid', 'failed', 'carried'] as const;
export type StatementStatus = (typeof statementStatuses)[number];
export const statementStatusLabels: Record<StatementStatus, string> = {
  draft: '下書き',
  unpaid: '未払い',
  scheduled: '引落予定',
  paid: '支払済',
  failed: '引落不能',
  /** What was still open moved onto a later month's statement (billing-carry-over.md). */
  carried: '翌月へ繰越',
};

/** Integer yen as guardians and staff read it: 12,300円. */
export const yenLabel = (amount: number) => `${amount.toLocaleString('ja-JP')}円`;

export const billingTexts = {
  title: '請求',
  empty: '発行された請求書はありません',
  dueDate: 'お支払い期日',
  total: 'ご請求額',
  extensionDays: '延長保育の日別明細',
  receipt: '領収書（PDF）',
  minutes: (early: number, late: number) =>
    [early > 0 ? `朝${early}分` : '', late > 0 ? `夕${late}分` : ''].filter(Boolean).join('・'),
} as const;

/**
 * The 領収書 of a paid statement as an A4 PDF (not a JSON call: `application/pdf`), read like the
 * statement (404 unless the caller sees it); 409 while the statement is not 支払済.
 */
export const billingReceiptPdfPath = '/api/billing/statements/{id}/receipt.pdf';

/** The caller's own 預金口座振替依頼書 (PDF, full number printed to sign): main guardians with an account only (others 404). */
export const billingDebitFormPdfPath = '/api/billing/accounts/{facilityId}/debit-form.pdf';

/** 実費 consent in the guardian app (spec/billing.md §2): the explanation, then the guardian's 同意. */
export const billingItemTexts = {
  title: '実費のご案内と同意',
  empty: '同意をお願いしている実費はありません',
  consent: '内容を確認し、同意します',
  consented: (by: string, at: string) => `${by}さんが${at}に同意済み`,
  consentedOnPaper: (at: string) => `${at}に書面で同意済み（園で記録）`,
  withdraw: '同意を取り下げる',
  withdrawMonth: '取り下げる月（この月の分から請求しません）',
  withdrawSubmit: '取り下げる',
  withdrawNote: '今月分と締めた月の分は請求します。月の途中の取り下げは翌月分からになります。',
  withdrawn: (month: string, at: string) => `${month}分から取り下げ（${at}）`,
  reconsent: 'もう一度同意する',
  onceNotWithdrawable: 'この実費は請求する月の分を締めるため、取り下げられません。園にお問い合わせください。',
  billedOnlyWhenConsented: '同意いただいた実費のみ請求します。',
  frequency: { once: '1回', monthly: '毎月' } as const,
} as const;

export const billingItemMessages = {
  readOnly: '閲覧のみの保護者は実費に同意できません。代表者または編集できる保護者が同意してください',
  notTargeted: 'この園児はこの実費の対象ではありません',
  notConsented: 'この園児はこの実費に同意していないため、取り下げられません',
  guardianWithdrawMonth: '取り下げる月は、来月以降の締めていない月を選んでください（今月分は請求します）',
  officeWithdrawMonth: '取り下げる月は、締めていない月を選んでください',
  onceAfterBilled: '1回のみの実費は、請求する月より後の月から取り下げることはできません',
  signer: '署名した保護者は、この園児の保護者（同意できる方）から選んでください',
} as const;
