import type { StaffChildListItem } from '@renraku/contract/staff';

/** 「2026年度」 */
export const fiscalYearLabel = (year: number) => `${year}年度`;

/** 0–5 歳児; null is a class of mixed ages. */
export const ageBandLabel = (ageBand: number | null) => (ageBand === null ? '異年齢' : `${ageBand}歳児`);

/** The age band's choices in a form: 0–5 and 'mixed' (a Select's value cannot be null). */
export const ageBandOptions = [
  ...[0, 1, 2, 3, 4, 5].map((age) => ({ value: String(age), label: `${age}歳児` })),
  { value: 'mixed', label: '異年齢' },
];
export const ageBandValue = (ageBand: number | null) => (ageBand === null ? 'mixed' : String(ageBand));
export const ageBandFromValue = (value: string | null) => (value === null || value === 'mixed' ? null : Number(value));

export const sexLabels: Record<number, string> = { 1: '男', 2: '女' };

export const childStatusLabels: Record<StaffChildListItem['status'], string> = {
  enrolled: '在籍',
  upcoming: '入所予定',
  left: '退所',
};

/** 「山田 太郎」 */
export const childName = (child: { last_name: string; first_name: string }) => `${child.last_name} ${child.first_name}`;

/** 「やまだ たろう」 */
export const childKana = (child: { last_name_kana: string; first_name_kana: string }) =>
  `${child.last_name_kana} ${child.first_name_kana}`;
