import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { childRecordMessages, type RecordSettings } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Page } from '../../../components/page';
import { isPairedDevice } from '../../../lib/device-flag';
import { useFacility } from '../../../lib/facility';
import { Loading } from '@renraku/ui/loading';
import { useRecordSettings, useSaveRecordSettings } from '../settings-api';

/**
 * `/f/:facilityId/records/settings`: the facility's records settings (records.md §2, §4). The 園長
 * and 法人管理者 choose on a desktop whether the facility writes 日案 (records-daily-plans.md); the
 * 期 and the 経過記録's periods are shown as set.
 */
export function RecordSettingsPage() {
  const facility = useFacility();
  const query = useRecordSettings(facility.id);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  return <SettingsForm facilityId={facility.id} settings={query.data} />;
}

function SettingsForm({ facilityId, settings }: { facilityId: number; settings: RecordSettings }) {
  const [dailyPlans, setDailyPlans] = useState(settings.writes_daily_plans);
  const save = useSaveRecordSettings(facilityId);
  const editable = settings.can_edit && !isPairedDevice();
  const onSave = () =>
    save.mutate(
      { ...settings, writes_daily_plans: dailyPlans },
      { onSuccess: () => showSuccess(childRecordMessages.settingsSaved), onError: showFailure },
    );
  return (
    <Page title="計画・記録の設定" size="md">
      {!editable && <Alert color="gray">設定を変えられるのは園長・法人管理者です（パソコンから）。</Alert>}
      <Paper withBorder p="lg" radius="md" component="section" aria-label="日案">
        <Stack gap="md">
          <Title order={2} size="h3">
            日案
          </Title>
          <Switch
            size="md"
            label="この園は日案を書く"
            description="オンにすると、各クラスの計画・記録の一覧に日案（保育のある日ごと）が並び、未作成の日案が数えられます。週案だけを書く園はオフのままにしてください。"
            checked={dailyPlans}
            disabled={!editable}
            onChange={(event) => setDailyPlans(event.currentTarget.checked)}
          />
          {editable && (
            <Group>
              <Button size="md" onClick={onSave} loading={save.isPending} disabled={dailyPlans === settings.writes_daily_plans}>
                保存する
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-label="期と経過記録">
        <Stack gap="sm">
          <Title order={2} size="h3">
            期と経過記録
          </Title>
          <List>
            {settings.terms.map((term) => (
              <List.Item key={term.label}>
                {term.label}：{term.start_month}月〜{term.end_month}月
              </List.Item>
            ))}
          </List>
          <Text>経過記録は{settings.progress_terms_from_age}歳児から期ごと、それより下は月ごとに書きます。</Text>
        </Stack>
      </Paper>
    </Page>
  );
}
