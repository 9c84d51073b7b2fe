import { Alert, Button, Group, List, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { childRecordMessages, type RecordSettings } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { isPairedDevice } from '../../../lib/device-flag';
import { useFacility } from '../../../lib/facility';
import { useRecordSettings, useSaveRecordSettings } from '../settings-api';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];
const MAX_TERMS = 6;
/** The months of the 年度 in order: April … March. */
const FISCAL_MONTHS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3];
const fiscalIndex = (m: number) => FISCAL_MONTHS.indexOf(m);

/** The 期 as ranges (the last ends in March), as the server names them. */
export function termRanges(starts: number[]) {
  return starts.map((start, i) => {
    const next = starts[i + 1];
    return { label: `${ROMAN[i]}期`, start, end: next === undefined ? 3 : FISCAL_MONTHS[fiscalIndex(next) - 1]! };
  });
}

/** What is wrong with the 期, in the server's words: I期 from April, each later than the one before. */
export function termsProblem(starts: number[]): string | null {
  if (starts.length < 1 || starts.length > MAX_TERMS || starts[0] !== 4) return childRecordMessages.termStarts;
  return starts.every((m, i) => i === 0 || fiscalIndex(m) > fiscalIndex(starts[i - 1]!)) ? null : childRecordMessages.termStarts;
}

/**
 * `/f/:facilityId/records/settings`: the facility's records settings (records.md §2, §4): whether it
 * writes 日案 (records-daily-plans.md) and its 期 (the 年間指導計画's and, from the set age, each
 * child's 経過記録 period). The 園長 and 法人管理者 set them on a desktop; everyone else reads them.
 * The 期 follow one another from April to March by their first months, so they cannot overlap or
 * leave a gap; documents already made keep their period.
 */
export function RecordSettingsPage() {
  const facility = useFacility();
  const query = useRecordSettings(facility.id);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  return (
    <Page title="計画・記録の設定" size="md">
      <SettingsForm facilityId={facility.id} settings={query.data} />
    </Page>
  );
}

const retentionText = (extra: number) =>
  extra === 0
    ? '要録は小学校を卒業する年度の末日まで保存します。'
    : `要録は小学校を卒業する年度の末日から${extra}年後まで保存します。`;

function SettingsForm({ facilityId, settings }: { facilityId: number; settings: RecordSettings }) {
  const save = useSaveRecordSettings(facilityId);
  const [starts, setStarts] = useState(settings.term_start_months);
  const [age, setAge] = useState(settings.progress_terms_from_age);
  const [dailyPlans, setDailyPlans] = useState(settings.writes_daily_plans);
  const [retention, setRetention] = useState(settings.yoroku_retention_extra_years);
  const problem = termsProblem(starts);
  const ranges = termRanges(starts);
  const changed =
    starts.join(',') !== settings.term_start_months.join(',') ||
    age !== settings.progress_terms_from_age ||
    dailyPlans !== settings.writes_daily_plans ||
    retention !== settings.yoroku_retention_extra_years;
  const setStart = (i: number, month: number) => setStarts(starts.map((m, k) => (k === i ? month : m)));
  const addTerm = () => {
    const last = starts[starts.length - 1]!;
    const next = FISCAL_MONTHS[Math.min(fiscalIndex(last) + 1, 11)]!;
    setStarts([...starts, next]);
  };
  if (!settings.can_edit || isPairedDevice())
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text>{settings.writes_daily_plans ? 'この園は日案を書きます。' : 'この園は日案を書きません（週案まで）。'}</Text>
          <List>
            {settings.terms.map((t) => (
              <List.Item key={t.label}>
                {t.label}：{t.start_month}月〜{t.end_month}月
              </List.Item>
            ))}
          </List>
          <Text>経過記録は{settings.progress_terms_from_age}歳児から期ごと、それより下は毎月書きます。</Text>
          <Text>{retentionText(settings.yoroku_retention_extra_years)}</Text>
          <Text size="sm" c="dark.6">
            設定を変えられるのは園長・法人管理者です（パソコンから）。
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return;
        save.mutate(
          {
            term_start_months: starts,
            progress_terms_from_age: age,
            // Only what this form changed: another director's change to the other setting stays.
            ...(dailyPlans === settings.writes_daily_plans ? {} : { writes_daily_plans: dailyPlans }),
            ...(retention === settings.yoroku_retention_extra_years ? {} : { yoroku_retention_extra_years: retention }),
          },
          { onSuccess: () => showSuccess(childRecordMessages.settingsSaved) },
        );
      }}
    >
      <Stack gap="md">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="daily-plans-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="daily-plans-title">
              日案
            </Title>
            <Switch
              size="md"
              label="この園は日案を書く"
              description="オンにすると、各クラスの計画・記録の一覧に日案（保育のある日ごと）が並び、未作成の日案が数えられます。週案だけを書く園はオフのままにしてください。"
              checked={dailyPlans}
              onChange={(event) => setDailyPlans(event.currentTarget.checked)}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="terms-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="terms-title">
              年度の期
            </Title>
            <Text size="sm" c="dark.6">
              各期の始まりの月を選びます。I期は4月から、最後の期は3月までです（1〜6期）。年間指導計画と3歳以上の経過記録がこの期で書かれます。
            </Text>
            {ranges.map((r, i) => (
              <Group key={r.label} gap="md" align="end" wrap="wrap">
                <NativeSelect
                  label={`${r.label}の始まり`}
                  value={String(starts[i])}
                  onChange={(e) => setStart(i, Number(e.currentTarget.value))}
                  disabled={i === 0}
                  data={(i === 0 ? [4] : FISCAL_MONTHS.slice(1)).map((m) => ({ value: String(m), label: `${m}月` }))}
                  w={140}
                  size="md"
                />
                <Text pb={8} data-qa="term-range">
                  {r.label}：{r.start}月〜{r.end}月
                </Text>
              </Group>
            ))}
            <Group gap="sm">
              <Button variant="default" size="md" onClick={addTerm} disabled={starts.length >= MAX_TERMS}>
                期を増やす
              </Button>
              <Button variant="default" size="md" onClick={() => setStarts(starts.slice(0, -1))} disabled={starts.length <= 1}>
                最後の期を削除
              </Button>
            </Group>
            {problem && (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="progress-age-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="progress-age-title">
              経過記録の書き方
            </Title>
            <NativeSelect
              label="経過記録を期ごとに書く年齢（それより下は毎月）"
              value={String(age)}
              onChange={(e) => setAge(Number(e.currentTarget.value))}
              data={[0, 1, 2, 3, 4, 5, 6].map((a) => ({ value: String(a), label: `${a}歳児から` }))}
              w={260}
              size="md"
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="retention-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="retention-title">
              要録の保存期間
            </Title>
            <Text size="sm" c="dark.6">
              保育所児童保育要録は、子どもが小学校を卒業する年度の末日まで保存します（法定）。園の方針でさらに長く保存する場合は、延ばす年数を選んでください。記録を消すことはありません。
            </Text>
            <NativeSelect
              label="小学校卒業後に延ばす年数"
              value={String(retention)}
              onChange={(e) => setRetention(Number(e.currentTarget.value))}
              data={Array.from({ length: 21 }, (_, n) => ({ value: String(n), label: n === 0 ? '延ばさない' : `${n}年` }))}
              w={260}
              size="md"
            />
            <Text data-qa="retention-summary">{retentionText(retention)}</Text>
          </Stack>
        </Paper>
        <FormError error={save.error} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} disabled={!changed || problem !== null}>
            設定を保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
