import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  workingConditionBounds,
  workingConditionDefaults,
  workingConditionMessages,
  workingConditionsBody,
  type ShiftPattern,
  type WorkingConditions,
} from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { useFacility } from '../../../lib/facility';
import { useSaveWorkingConditions, useWorkingConditions } from '../api';

type Limit = keyof typeof workingConditionBounds;

/** The limits as the form shows them, with what an empty field means (the facility's default). */
const limits: { field: Limit; label: string; unit: string; empty: string }[] = [
  { field: 'max_days_per_week', label: '週の勤務日数', unit: '日', empty: `${workingConditionDefaults.max_days_per_week}日` },
  { field: 'max_days_per_month', label: '月の勤務日数', unit: '日', empty: `${workingConditionDefaults.max_days_per_month}日` },
  { field: 'max_consecutive_days', label: '連続勤務', unit: '日', empty: `${workingConditionDefaults.max_consecutive_days}日` },
  { field: 'max_hours_per_month', label: '月の勤務時間', unit: '時間', empty: '上限なし' },
];

/**
 * 勤務条件 of one person (docs/decisions/staffing-working-conditions.md), opened from their row of the
 * シフト表: limits (empty = the default) and the patterns they may work (none ticked = all); the
 * 園長 saves, the 主任 reads. The draft (下書きを作成) keeps them.
 */
export function WorkingConditionsDialog({
  userId,
  name,
  patterns,
  onClose,
}: {
  userId: number;
  name: string;
  patterns: readonly ShiftPattern[];
  onClose: () => void;
}) {
  const facility = useFacility();
  const query = useWorkingConditions(facility.id, userId);
  // Mounted while open: the focus goes back to the row's button on close (as void-entry-dialog).
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => void (opener?.isConnected && setTimeout(() => opener.focus(), 0)), [opener]);
  return (
    <Modal opened onClose={onClose} title={`${name}さんの勤務条件`} size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <FormError error={query.error} />
      ) : (
        <ConditionsForm data={query.data} patterns={patterns} onClose={onClose} />
      )}
    </Modal>
  );
}

function ConditionsForm({
  data,
  patterns,
  onClose,
}: {
  data: WorkingConditions;
  patterns: readonly ShiftPattern[];
  onClose: () => void;
}) {
  const facility = useFacility();
  const save = useSaveWorkingConditions(facility.id, data.user_id);
  const [values, setValues] = useState<Record<Limit, number | string>>(() => ({
    max_days_per_week: data.max_days_per_week ?? '',
    max_days_per_month: data.max_days_per_month ?? '',
    max_consecutive_days: data.max_consecutive_days ?? '',
    max_hours_per_month: data.max_hours_per_month ?? '',
  }));
  const [chosen, setChosen] = useState<number[]>(data.pattern_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const readOnly = !data.editable;
  const submit = async () => {
    const body = {
      ...Object.fromEntries(limits.map(({ field }) => [field, values[field] === '' ? null : Number(values[field])])),
      pattern_ids: chosen.length === 0 ? null : chosen,
    };
    const parsed = workingConditionsBody.safeParse(body);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      showSuccess(workingConditionMessages.saved);
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          下書きを作成するとき、この条件を超えて勤務を入れません。空欄は施設の標準（週5日・月23日・連続5日・時間の上限なし）です。
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {limits.map(({ field, label, unit, empty }) => (
            <NumberInput
              key={field}
              label={`${label}（上限）`}
              description={`空欄：${empty}`}
              size="md"
              min={1}
              max={workingConditionBounds[field]}
              allowDecimal={false}
              suffix={unit}
              placeholder={empty}
              readOnly={readOnly}
              value={values[field]}
              error={errors[field]}
              onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            />
          ))}
        </SimpleGrid>
        <Checkbox.Group
          label="勤務できるシフトパターン"
          description="どれも選ばないと、すべてのパターンに入れます。"
          value={chosen.map(String)}
          onChange={(ids) => setChosen(ids.map(Number))}
          error={errors.pattern_ids}
          readOnly={readOnly}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="xs">
            {patterns.map((p) => (
              <Checkbox.Card key={p.id} value={String(p.id)} radius="md" p="sm" disabled={readOnly}>
                <Group gap="xs" wrap="nowrap">
                  <Checkbox.Indicator size="md" />
                  <Text size="sm">
                    <b>{p.code}</b> {p.start}〜{p.end}
                  </Text>
                </Group>
              </Checkbox.Card>
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {readOnly && <Text size="sm">勤務条件を変えられるのは園長と法人管理者です。</Text>}
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={onClose}>
            {readOnly ? '閉じる' : 'キャンセル'}
          </Button>
          {!readOnly && (
            <Button size="md" type="submit" loading={save.isPending}>
              保存
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
