import { Checkbox, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  billingSettingsInput,
  facilityTypeLabels,
  facilityTypes,
  type BillingSettings,
  type BillingSettingsInput,
} from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveSettings } from '../api';
import { MonthInput, YenInput } from './fields';

type Fields = Omit<BillingSettingsInput, 'unit_minutes'> & { unit_minutes: number };

const blank = (month: string): Fields => ({
  valid_from: month,
  facility_type: 'licensed_nursery',
  standard_window: { start: '07:00', end: '18:00' },
  short_window: { start: '08:30', end: '16:30' },
  unit_minutes: 30,
  grace_minutes: 0,
  price_per_unit: 0,
  late_from: null,
  late_price_per_unit: null,
  daily_cap: null,
  monthly_cap: null,
  flat_monthly: null,
  side_dish_fee: 4500,
  staple_fee: 0,
  charge_without_attendance: false,
  due_day: 27,
});

const fromSettings = (s: BillingSettings, month: string): Fields => ({ ...s, valid_from: month });
const num = (v: number | string) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v));
const orNull = (v: number | string) => (v === '' ? null : num(v));

/** The fee rules from a month on (spec §2): a new dated row, prefilled with the rules in force. */
export function SettingsForm({
  facilityId,
  latest,
  month,
  onDone,
}: {
  facilityId: number;
  latest: BillingSettings | null;
  month: string;
  onDone: () => void;
}) {
  const [f, setF] = useState<Fields>(latest ? fromSettings(latest, month) : blank(month));
  const { errors, failure, check, fail } = useCheckedForm(Object.keys(f));
  const save = useSaveSettings(facilityId);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setF((x) => ({ ...x, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = check(billingSettingsInput, f);
    // mutateAsync, not mutate's callbacks: the saved rule's new id re-keys this form, and a
    // re-keyed form's mutate callbacks never run (the 保存しました toast went missing).
    if (data) save.mutateAsync(data).then(onDone, fail);
  };
  const yenInput = (key: keyof Fields, label: string, nullable: boolean, description?: string) => (
    <YenInput
      label={label}
      description={description}
      value={(f[key] as number | null) ?? ''}
      onChange={(v) => set(key, (nullable ? orNull(v) : num(v)) as never)}
      error={errors[key]}
    />
  );

  /** A 認定's time window: its start and its end (the window's error under the end). */
  const windowInputs = (key: 'standard_window' | 'short_window', label: string) =>
    (['start', 'end'] as const).map((end) => (
      <TextInput
        key={end}
        label={`${label} ${end === 'start' ? '開始' : '終了'}`}
        type="time"
        size="md"
        value={f[key][end]}
        onChange={(e) => set(key, { ...f[key], [end]: e.currentTarget.value })}
        error={end === 'end' ? errors[key] : undefined}
      />
    ));

  return (
    <form onSubmit={submit} noValidate aria-label="料金設定" style={readableErrors}>
      <Stack gap="md">
        <FormError error={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MonthInput value={f.valid_from} onChange={(month) => set('valid_from', month)} error={errors.valid_from} required />
          <Select
            label="施設類型"
            description="私立認可保育所は保育料を請求しません（市町村が徴収）"
            size="md"
            data={facilityTypes.map((t) => ({ value: t, label: facilityTypeLabels[t] }))}
            value={f.facility_type}
            onChange={(v) => v && set('facility_type', v as Fields['facility_type'])}
            allowDeselect={false}
            error={errors.facility_type}
          />
        </SimpleGrid>
        <Title order={3} size="h4">
          認定の時間帯
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {windowInputs('standard_window', '標準時間')}
          {windowInputs('short_window', '短時間')}
        </SimpleGrid>
        <Title order={3} size="h4">
          延長保育料
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Select
            label="単位"
            size="md"
            data={['10', '15', '30', '60'].map((v) => ({ value: v, label: `${v}分` }))}
            value={String(f.unit_minutes)}
            onChange={(v) => v && set('unit_minutes', Number(v))}
            allowDeselect={false}
            error={errors.unit_minutes}
          />
          <NumberInput
            label="猶予（分）"
            size="md"
            min={0}
            max={59}
            allowDecimal={false}
            value={f.grace_minutes}
            onChange={(v) => set('grace_minutes', num(v))}
            error={errors.grace_minutes}
          />
          {yenInput('price_per_unit', '1単位の料金', false)}
          <TextInput
            label="単価が変わる時刻"
            description="空欄：単価は一つ"
            type="time"
            size="md"
            value={f.late_from ?? ''}
            onChange={(e) => set('late_from', e.currentTarget.value || null)}
            error={errors.late_from}
          />
          {yenInput('late_price_per_unit', 'その時刻以降の1単位', true)}
          {yenInput('daily_cap', '1日の上限', true, '空欄：上限なし')}
          {yenInput('monthly_cap', '月の上限', true, '空欄：上限なし')}
          {yenInput('flat_monthly', '月極（定額）', true, '空欄：月極なし')}
        </SimpleGrid>
        <Title order={3} size="h4">
          副食費・主食費（3〜5歳児）と支払期日
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {yenInput('side_dish_fee', '副食費（月額）', false)}
          {yenInput('staple_fee', '主食費（月額）', false)}
          <NumberInput
            label="支払期日（翌月の日）"
            size="md"
            min={1}
            max={28}
            allowDecimal={false}
            value={f.due_day}
            onChange={(v) => set('due_day', num(v))}
            error={errors.due_day}
          />
        </SimpleGrid>
        <Checkbox
          size="md"
          label="登園のない月も副食費・主食費を請求する"
          checked={f.charge_without_attendance}
          onChange={(e) => set('charge_without_attendance', e.currentTarget.checked)}
        />
        <FormActions submit="この月から適用する" pending={save.isPending} size="md" />
      </Stack>
    </form>
  );
}
