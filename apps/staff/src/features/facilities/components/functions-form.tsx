import { Paper, Stack, Switch, Text } from '@mantine/core';
import { facilityFunctionLabels, facilityMessages, type FacilityFunctions } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { useSaveFunctions } from '../api';

const descriptions: Record<keyof FacilityFunctions, string> = {
  notice: '保護者アプリにお知らせ・アンケートを表示します',
  schedule: '保護者アプリで翌月の登降園予定を提出できるようにします',
  body_measurement: '保護者アプリに身長・体重の記録とグラフを表示します',
  event: '保護者アプリに行事カレンダーを表示します',
};

const keys = Object.keys(facilityFunctionLabels) as (keyof FacilityFunctions)[];

/**
 * 利用する機能: each switch saves at once (the guardian app's menu follows on its next load).
 * The row is the touch target (≥ 44 px on the class tablet).
 */
export function FunctionsForm({ facilityId, functions }: { facilityId: number; functions: FacilityFunctions }) {
  const save = useSaveFunctions(facilityId);
  // While saving, the switch shows the value being saved.
  const shown = save.isPending && save.variables ? { ...functions, ...save.variables } : functions;

  // Only the switch touched is sent: another director's change to another switch stays.
  const toggle = (key: keyof FacilityFunctions, on: boolean) =>
    save.mutate(
      { [key]: on },
      { onSuccess: () => showSuccess(facilityMessages.functionsSaved), onError: (error) => showFailure(error) },
    );

  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm">オフにした機能は、この施設の保護者アプリのメニューに表示されなくなります。</Text>
      {keys.map((key) => (
        <Paper key={key} withBorder p="sm">
          <Switch
            size="lg"
            checked={shown[key]}
            disabled={save.isPending}
            onChange={(event) => toggle(key, event.currentTarget.checked)}
            label={facilityFunctionLabels[key]}
            description={descriptions[key]}
            onLabel="ON"
            offLabel="OFF"
            styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontWeight: 600 } }}
          />
        </Paper>
      ))}
    </Stack>
  );
}
