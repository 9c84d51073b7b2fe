import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  getStaffClassGrowths,
  growthFieldLabels,
  growthFields,
  growthMessages,
  growthRanges,
  growthUnits,
  growthWarnings,
  putStaffClassGrowths,
  type GrowthField,
  type GrowthSession,
  type GrowthSessionChild,
  type GrowthValues,
} from '@renraku/contract/staff';
import { slashDate } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { ClassDateFallback, ClassDateInput, ClassDateRoute, type ClassDateProps } from '../../../components/class-date-page';
import { Page } from '../../../components/page';
import { api } from '../../../lib/api';

type Texts = Record<GrowthField, string>;

const sessionKey = (classId: number, date: string) => ['staff', 'growth', classId, date] as const;

/** `/f/:facilityId/growth/:classId?date=`: the class's measurement session of a day (today by default). */
export function ClassGrowthPage() {
  return <ClassDateRoute page={Session} />;
}

const textsOf = (child: GrowthSessionChild): Texts =>
  Object.fromEntries(growthFields.map((f) => [f, child.current?.[f] == null ? '' : String(child.current[f])])) as Texts;

/** A field's text as a value: '' → null; anything else must be a number within the field's range. */
function parseField(field: GrowthField, text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim().replace(/，|、/g, '.');
  if (trimmed === '') return { value: null, error: null };
  const value = Number(trimmed);
  const { min, max, decimals } = growthRanges[field];
  if (!Number.isFinite(value) || value < min || value > max) return { value: null, error: growthMessages.range(field) };
  if (Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) > 1e-6)
    return { value: null, error: growthMessages.decimals(field) };
  return { value, error: null };
}

function Session({ classId, date, today, onDate }: ClassDateProps) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKey(classId, date),
    queryFn: ({ signal }) => api(getStaffClassGrowths, { params: { classId }, query: { date }, signal }),
  });
  const [edits, setEdits] = useState<Record<number, Texts>>({});
  const save = useMutation({
    mutationFn: (rows: ({ child_id: number } & GrowthValues)[]) =>
      api(putStaffClassGrowths, { params: { classId }, body: { date, rows } }),
    onSuccess: (session: GrowthSession) => {
      queryClient.setQueryData(sessionKey(classId, date), session);
      setEdits({});
    },
  });
  const session = query.data;
  if (query.error || !session) return <ClassDateFallback error={query.error} title="身体測定" subject="身体測定" />;

  const changed = session.children.flatMap((child) => {
    const texts = edits[child.child_id];
    if (!texts) return [];
    const parsed = growthFields.map((f) => [f, parseField(f, texts[f])] as const);
    const values = Object.fromEntries(parsed.map(([f, p]) => [f, p.value])) as unknown as GrowthValues;
    const invalid = parsed.some(([, p]) => p.error) || growthFields.every((f) => values[f] === null);
    const same = growthFields.every((f) => values[f] === (child.current?.[f] ?? null));
    return same ? [] : [{ child_id: child.child_id, invalid, values }];
  });
  const ready = changed.filter((c) => !c.invalid);
  const onSave = async () => {
    try {
      await save.mutateAsync(ready.map((c) => ({ child_id: c.child_id, ...c.values })));
      showSuccess(growthMessages.saved(ready.length));
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Page
      title={`${session.class.name}の身体測定`}
      size="xl"
      actions={
        session.can_write && (
          <Button
            h={48}
            disabled={ready.length === 0 || ready.length !== changed.length || save.isPending}
            loading={save.isPending}
            onClick={() => void onSave()}
          >
            保存（{ready.length}人）
          </Button>
        )
      }
    >
      <ClassDateInput date={date} today={today} onDate={onDate} label="測定日" />
      <Text size="sm" c="dimmed">
        前回の値を横に表示します。身長が1cm以上減った・体重が20%以上変わった・基準範囲（3〜97パーセンタイル）の外の値には注意を表示します（保存はできます）。保存すると保護者の成長記録にすぐ表示されます。
      </Text>
      {!session.can_write && <Alert color="gray">閲覧のみ（この日の測定は記録できません）</Alert>}
      {session.children.length === 0 ? (
        <Alert color="gray">この日にクラスに在籍している園児はいません。</Alert>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {session.children.map((child) => (
            <ChildRow
              key={child.child_id}
              child={child}
              texts={edits[child.child_id] ?? textsOf(child)}
              readOnly={!session.can_write}
              onChange={(field, text) =>
                setEdits((all) => ({ ...all, [child.child_id]: { ...(all[child.child_id] ?? textsOf(child)), [field]: text } }))
              }
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}

const ageLabel = (months: number) => `${Math.floor(months / 12)}歳${months % 12}か月`;

function ChildRow({
  child,
  texts,
  readOnly,
  onChange,
}: {
  child: GrowthSessionChild;
  texts: Texts;
  readOnly: boolean;
  onChange: (field: GrowthField, text: string) => void;
}) {
  const parsed = Object.fromEntries(growthFields.map((f) => [f, parseField(f, texts[f])])) as Record<
    GrowthField,
    ReturnType<typeof parseField>
  >;
  const values = Object.fromEntries(growthFields.map((f) => [f, parsed[f].value])) as unknown as GrowthValues;
  const warnings = growthWarnings(values, child.previous, child.reference);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={child.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{child.name}</Text>
            <Text size="sm" c="dimmed">
              {ageLabel(child.age_months)}
            </Text>
            {child.current && (
              <Badge variant="light" color="teal" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                保存済
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {child.previous ? `前回 ${slashDate(child.previous.date)}` : '前回の記録なし'}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {growthFields.map((field) => {
            const previous = child.previous?.[field];
            return (
              <TextInput
                key={field}
                label={`${growthFieldLabels[field]}（${growthUnits[field]}）`}
                aria-label={`${child.name}の${growthFieldLabels[field]}`}
                description={previous == null ? '前回 —' : `前回 ${previous}`}
                inputMode="decimal"
                size="md"
                value={texts[field]}
                readOnly={readOnly}
                error={parsed[field].error}
                onChange={(e) => onChange(field, e.currentTarget.value)}
              />
            );
          })}
        </SimpleGrid>
        {warnings.length > 0 && (
          <Stack gap={2} role="status" aria-label={`${child.name}の注意`}>
            {warnings.map((w) => (
              <Text key={w.text} size="sm" c="orange.9" fw={500}>
                ⚠ {w.text}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
