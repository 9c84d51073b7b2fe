import { Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { temporaryRatesInput, type StaffFeeRules } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useTemporaryWrites } from '../fees-api';
import { MonthInput, YenInput } from './fields';

type Band = { from_age: number | string; half_day: number | string; full_day: number | string };
const num = (v: number | string) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v));

/** 一時預かりの料金 from a month on: half or full day by 歳児 band (billing-temporary-care.md). */
export function TemporaryRatesForm({
  facilityId,
  latest,
  month,
  onDone,
}: {
  facilityId: number;
  latest: StaffFeeRules['temporary_rates'][number] | null;
  month: string;
  onDone: () => void;
}) {
  const [f, setF] = useState({
    valid_from: month,
    half_day_hours: (latest?.half_day_hours ?? 4) as number | string,
    bands: (latest?.bands ?? [
      { from_age: 0, half_day: '', full_day: '' },
      { from_age: 3, half_day: '', full_day: '' },
    ]) as Band[],
  });
  const { errors, failure, check, fail } = useCheckedForm(['valid_from', 'half_day_hours', 'bands']);
  const { rates } = useTemporaryWrites(facilityId);
  const setBand = (i: number, patch: Partial<Band>) =>
    setF({ ...f, bands: f.bands.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      valid_from: f.valid_from,
      half_day_hours: num(f.half_day_hours),
      bands: f.bands.map((b) => ({ from_age: num(b.from_age), half_day: num(b.half_day), full_day: num(b.full_day) })),
    };
    const data = check(temporaryRatesInput, body);
    // mutateAsync, not mutate's callbacks: the saved rule's new id re-keys this form, and a
    // re-keyed form's mutate callbacks never run (the 保存しました toast went missing).
    if (data) rates.mutateAsync(data).then(onDone, fail);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="一時預かりの料金" style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure ?? errors.bands} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MonthInput value={f.valid_from} onChange={(valid_from) => setF({ ...f, valid_from })} error={errors.valid_from} />
          <NumberInput
            label="半日とする利用時間（時間まで）"
            size="md"
            min={1}
            max={12}
            allowDecimal={false}
            value={f.half_day_hours}
            onChange={(v) => setF({ ...f, half_day_hours: v })}
            error={errors.half_day_hours}
          />
        </SimpleGrid>
        {f.bands.map((b, i) => (
          <SimpleGrid key={i} cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={`区分${i + 1}：何歳児から`}
              size="md"
              min={0}
              max={5}
              allowDecimal={false}
              value={b.from_age}
              onChange={(v) => setBand(i, { from_age: v })}
            />
            <YenInput label={`区分${i + 1}：半日`} value={b.half_day} onChange={(v) => setBand(i, { half_day: v })} />
            <YenInput label={`区分${i + 1}：1日`} value={b.full_day} onChange={(v) => setBand(i, { full_day: v })} />
          </SimpleGrid>
        ))}
        <Group justify="space-between">
          <Text size="sm">最初の区分は0歳児からにしてください。</Text>
          <Group>
            <Button
              variant="default"
              size="md"
              onClick={() => setF({ ...f, bands: [...f.bands, { from_age: '', half_day: '', full_day: '' }] })}
              disabled={f.bands.length >= 6}
            >
              区分を追加
            </Button>
            <Button type="submit" size="md" loading={rates.isPending}>
              料金を保存
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
