import { List, Text } from '@mantine/core';
import type { BillingItem } from '@renraku/contract/staff';
import { slashDate, tokyoDate, yearMonthLabel } from '@renraku/contract/dates';

type Consent = BillingItem['consents'][number];

const day = (at: string) => slashDate(tokyoDate(at));
/** The guardian who signed a paper form, when the office named them. */
const signer = (name: string | null) => (name ? `署名：${name}、` : '');

/** One consent as the 料金設定 page lists it: 保護者 in the app or 書面, then any 取り下げ. */
export function consentText(c: Consent): string {
  const given =
    c.via === 'paper'
      ? `書面で同意（${signer(c.user_name)}${day(c.consented_at)}、記録：${c.recorded_by_name ?? '—'}）`
      : `${c.user_name ?? ''}が同意（${day(c.consented_at)}）`;
  const from = c.month_from ? `${yearMonthLabel(c.month_from)}分から` : '';
  const w = c.withdrawal;
  if (!w) return `${c.child_name}：${from}${given}`;
  const by =
    w.via === 'paper' ? `書面、${signer(w.user_name)}記録：${w.recorded_by_name ?? '—'}` : `${w.user_name ?? ''}がアプリで`;
  return `${c.child_name}：${from}${given} → ${yearMonthLabel(w.month_from)}分から取り下げ（${by}、${day(w.at)}）`;
}

/** The 同意 cell of the 実費 list (billing-item-consent-withdrawal.md). */
export function ItemConsents({ consents }: { consents: Consent[] }) {
  if (consents.length === 0) return <Text size="sm">まだ同意はありません</Text>;
  return (
    <List size="sm" spacing={2}>
      {consents.map((c) => (
        <List.Item key={`${c.child_id}-${c.consented_at}`}>{consentText(c)}</List.Item>
      ))}
    </List>
  );
}
