/**
 * 請求's words (spec/billing.md): facility types, 保育必要量, exemptions, 延長 plans, 実費 items, the
 * yen bound and the Japanese messages, shared by the billing calls and both apps' screens.
 */
export const facilityTypes = ['licensed_nursery', 'certified_center', 'small_scale', 'home_based', 'workplace'] as const;
export type FacilityType = (typeof facilityTypes)[number];
export const facilityTypeLabels: Record<FacilityType, string> = {
  licensed_nursery: '私立認可保育所',
  certified_center: '認定こども園',
  small_scale: '小規模保育',
  home_based: '家庭的保育',
  workplace: '事業所内保育',
};
/** 私立認可保育所: the 市町村 collects 保育料; the facility never bills it (spec §1). */
export const billsChildcareFee = (type: FacilityType) => type !== 'licensed_nursery';

export const extensionUnits = [10, 15, 30, 60] as const;
export const needs = ['standard', 'short'] as const;
export type Need = (typeof needs)[number];
export const needLabels: Record<Need, string> = { standard: '保育標準時間', short: '保育短時間' };
export const sideDishExemptions = ['low_income', 'third_child', 'other'] as const;
export type SideDishExemption = (typeof sideDishExemptions)[number];
export const sideDishExemptionLabels: Record<SideDishExemption, string> = {
  low_income: '年収360万円未満相当',
  third_child: '第3子以降',
  other: 'その他',
};
export const extensionPlans = ['per_use', 'flat'] as const;
export type ExtensionPlan = (typeof extensionPlans)[number];
export const extensionPlanLabels: Record<ExtensionPlan, string> = { per_use: '利用ごと', flat: '月極（定額）' };
export const itemFrequencies = ['once', 'monthly'] as const;
export const itemFrequencyLabels = { once: '1回', monthly: '毎月' } as const;
export const itemTargets = ['facility', 'class', 'children'] as const;
export const itemTargetLabels = { facility: '園全体', class: 'クラス', children: '園児を指定' } as const;

/** The largest amount of one line or setting (10,000,000 yen). */
export const MAX_YEN = 10_000_000;

export const billingMessages = {
  yen: '金額は0円以上の整数（円）で入力してください',
  signedYen: '金額は0以外の整数（円）で入力してください',
  unit: '単位は10・15・30・60分から選択してください',
  grace: '猶予は0〜59分で入力してください',
  window: '開始時刻は終了時刻より前にしてください',
  lateFrom: '単価が変わる時刻と、その後の単価は両方入力してください',
  dueDay: '支払期日は1〜28日で入力してください',
  reason: '理由を入力してください（200文字以内）',
  name: '品目名を入力してください（50文字以内）',
  explanation: '保護者への説明を入力してください（500文字以内）',
  itemClass: '対象のクラスを選択してください',
  itemChildren: '対象の園児を選択してください',
  monthUntil: '終了月は開始月以降にしてください',
  payer: '支払者は、この園児の保護者（閲覧のみの保護者を除く）から選択してください',
  childcareFee: 'この施設類型では保育料を請求しません（市町村が徴収します）',
  notEnrolled: 'この月にこの施設に在籍している園児ではありません',
  noSettings: 'この月に適用される料金設定がありません。請求設定を登録してください',
  closed: 'この月はすでに確定しています。訂正は翌月以降の調整として登録してください',
  futureMonth: '来月以降の月は確定できません',
  nothingToIssue: '請求する家庭がありません',
  corrects: '訂正する請求書は、この月より前に確定した同じ施設の請求書を選択してください',
  saved: '保存しました',
  alreadyPaid: 'この請求はすでに支払済です',
  debitPending: 'この請求は口座振替の引落予定です。振替結果を取り込んでから入金を記録してください',
  overpaid: '入金額が未入金の残額を超えています',
  paidInFuture: '入金日に未来の日付は入力できません',
  receiptNotPaid: '領収書は支払済の請求についてのみ発行できます',
  carryNotOpen: '繰り越せるのは、引落不能の請求と支払期日を過ぎた未払いの請求です',
  carryNothing: 'この請求に未入金の残額はありません',
  carried: 'この請求は翌月へ繰り越しました。入金は繰越先の請求に記録してください',
} as const;

/** The lines a sibling discount may reduce (spec §2; docs/decisions/billing-sibling-discount.md). */
export const discountableKinds = ['childcare_fee', 'extension', 'side_dish', 'staple', 'item', 'temporary'] as const;
export type DiscountableKind = (typeof discountableKinds)[number];
export const discountableKindLabels: Record<DiscountableKind, string> = {
  childcare_fee: '保育料',
  extension: '延長保育料',
  side_dish: '副食費',
  staple: '主食費',
  item: '実費',
  temporary: '一時預かり',
};
export const discountKinds = ['percent', 'amount'] as const;
export type DiscountKind = (typeof discountKinds)[number];
/** 第2子, 第3子以降 (the last tier applies to every later child). */
export const childOrderLabel = (order: number, last: boolean) => `第${order}子${last ? '以降' : ''}`;

export const feeMessages = {
  tiers: '割引は第2子から第9子までの子の順で、同じ順位を重ねずに入力してください',
  percent: '割合は1〜100（％）の整数で入力してください',
  appliesTo: '割引の対象にする料金を1つ以上選択してください',
  bands: '年齢区分は0歳児から始め、同じ年齢を重ねずに入力してください',
  halfDayHours: '半日とする利用時間は1〜12時間で入力してください',
  useTimes: '終了時刻は開始時刻より後にしてください',
  noRates: 'この月に適用される一時預かりの料金がありません。料金を登録してください',
  useClosed: 'この月はすでに確定しています。一時預かりの記録は変更できません',
  olderOutside: '園外の兄姉の人数は0〜9人で入力してください',
} as const;
