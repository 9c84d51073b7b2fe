import { Paper, Text, Title } from '@mantine/core';
import { workingConditionDefaults } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { useShiftPatterns, useWorkingConditions } from '../api';

/**
 * わたしの勤務条件 (docs/decisions/staffing-working-conditions.md): one's own limits and patterns that
 * the 園長's draft keeps, read-only (the 園長 sets them on the シフト表).
 */
export function MyConditions({ facilityId, userId }: { facilityId: number; userId: number }) {
  const conditions = useWorkingConditions(facilityId, userId);
  const patterns = useShiftPatterns(facilityId, true);
  const c = conditions.data;
  const codes = new Map((patterns.data?.patterns ?? []).map((p) => [p.id, `${p.code}（${p.start}〜${p.end}）`]));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="my-conditions-title" data-testid="my-conditions">
      <Title order={2} size="h4" id="my-conditions-title" mb="xs">
        わたしの勤務条件
      </Title>
      {conditions.error ? (
        <FormError error={conditions.error} />
      ) : !c ? (
        <Loading />
      ) : (
        <>
          <Text size="sm">
            週{c.max_days_per_week ?? workingConditionDefaults.max_days_per_week}日まで・月
            {c.max_days_per_month ?? workingConditionDefaults.max_days_per_month}日まで・連続
            {c.max_consecutive_days ?? workingConditionDefaults.max_consecutive_days}日まで
            {c.max_hours_per_month !== null && `・月${c.max_hours_per_month}時間まで`}
          </Text>
          <Text size="sm">
            勤務できるシフト：
            {c.pattern_ids === null ? 'すべて' : c.pattern_ids.map((id) => codes.get(id) ?? '').join('・')}
          </Text>
          <Text size="sm">シフトの下書きはこの条件を守って作られます。変えたいときは園長に相談してください。</Text>
        </>
      )}
    </Paper>
  );
}
