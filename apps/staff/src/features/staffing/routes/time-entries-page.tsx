import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  clockKindLabels,
  clockKinds,
  clockStateLabels,
  ratioFacilityTypeLabels,
  ratioFacilityTypes,
  type ClockKind,
  type RatioFacilityType,
  type StaffDay,
} from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { roleAbilities } from '../../../lib/roles';
import { VoidEntryDialog } from '../components/void-entry-dialog';
import { useCorrections, useSaveStaffingSettings, useStaffingSettings, useTimeEntries } from '../api';

/**
 * `/f/:facilityId/staffing/time-entries`: the 園長's corrections (staffing.md §2): a day's 打刻 of every
 * staff member, a missing one added and a wrong one voided, each with a reason (audited); and the
 * facility type and the 1歳児配置改善加算 switch.
 */
export function TimeEntriesPage() {
  const facility = useFacility();
  const [date, setDate] = useState(todayInTokyo());
  const day = useTimeEntries(facility.id, date);
  return (
    <Page title="打刻の修正・設定">
      <Group align="flex-end">
        <TextInput
          type="date"
          label="日付"
          value={date}
          onChange={(e) => e.currentTarget.value && setDate(e.currentTarget.value)}
          size="md"
        />
      </Group>
      {day.isPending ? (
        <Loading />
      ) : day.error ? (
        <FormError error={day.error} />
      ) : (
        <Stack gap="sm">
          <EntriesTable staff={day.data.staff} />
          <AddEntryForm staff={day.data.staff} date={date} />
        </Stack>
      )}
      {/* The settings are the 園長's (a 主任 corrects 打刻 only: docs/decisions/staff-chief-flag.md). */}
      {roleAbilities(facility.role).setup && <SettingsForm />}
    </Page>
  );
}

function EntriesTable({ staff }: { staff: StaffDay[] }) {
  const facility = useFacility();
  const { void: voidEntry } = useCorrections(facility.id, '');
  const [voiding, setVoiding] = useState<{ entryId: number; what: string } | null>(null);
  const onVoid = (entryId: number, reason: string) =>
    voidEntry.mutate(
      { entryId, reason },
      {
        onSuccess: () => {
          setVoiding(null);
          showSuccess('打刻を取り消しました');
        },
        onError: showFailure,
      },
    );
  return (
    <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
      {voiding && (
        <VoidEntryDialog
          what={voiding.what}
          pending={voidEntry.isPending}
          onVoid={(reason) => onVoid(voiding.entryId, reason)}
          onClose={() => setVoiding(null)}
        />
      )}
      <Table verticalSpacing="sm" data-testid="time-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">職員</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col">打刻</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((person) => (
            <Table.Tr key={person.user_id}>
              <Table.Th scope="row">{person.name}</Table.Th>
              <Table.Td>{clockStateLabels[person.state]}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {person.entries.length === 0 && <Text size="sm">打刻なし</Text>}
                  {person.entries.map((e) => (
                    <Group key={e.id} gap={4} wrap="nowrap">
                      <Text
                        size="sm"
                        td={e.voided ? 'line-through' : undefined}
                        title={e.voided?.reason ?? e.reason ?? undefined}
                      >
                        {clockKindLabels[e.kind]} {e.time}
                        {e.source === 'kiosk' && '（ゲート）'}
                        {e.source === 'correction' && `（修正：${e.reason}）`}
                        {e.voided && `（取消：${e.voided.reason}）`}
                      </Text>
                      {e.out_of_order && !e.voided && (
                        <Badge
                          color="red.9"
                          variant="light"
                          title="オフラインのゲートから遅れて届いた打刻が、その日の順序に合いません"
                        >
                          順序外・要確認
                        </Badge>
                      )}
                      {!e.voided && (
                        <Button
                          size="xs"
                          variant="default"
                          mih={44}
                          onClick={() =>
                            setVoiding({ entryId: e.id, what: `${person.name}の${clockKindLabels[e.kind]} ${e.time}` })
                          }
                          aria-label={`${person.name}の${clockKindLabels[e.kind]} ${e.time}を取り消す`}
                        >
                          取消
                        </Button>
                      )}
                    </Group>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function AddEntryForm({ staff, date }: { staff: StaffDay[]; date: string }) {
  const facility = useFacility();
  const { add } = useCorrections(facility.id, date);
  const [userId, setUserId] = useState<string | null>(null);
  const [kind, setKind] = useState<ClockKind>('in');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          打刻を追加（理由は監査ログに残ります）
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="職員"
            size="md"
            data={staff.map((s) => ({ value: String(s.user_id), label: s.name }))}
            value={userId}
            onChange={setUserId}
            w={200}
          />
          <Select
            label="種類"
            size="md"
            data={clockKinds.map((k) => ({ value: k, label: clockKindLabels[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v as ClockKind)}
            allowDeselect={false}
            w={140}
          />
          <TextInput type="time" label="時刻" size="md" value={time} onChange={(e) => setTime(e.currentTarget.value)} w={140} />
          <TextInput label="理由" size="md" value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={260} />
          <Button
            size="md"
            loading={add.isPending}
            disabled={!userId || !time}
            onClick={() =>
              add.mutate(
                { user_id: Number(userId), kind, time, reason },
                {
                  onSuccess: () => {
                    setTime('');
                    setReason('');
                    showSuccess('打刻を修正しました');
                  },
                  onError: showFailure,
                },
              )
            }
          >
            追加
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SettingsForm() {
  const facility = useFacility();
  const settings = useStaffingSettings(facility.id);
  const save = useSaveStaffingSettings(facility.id);
  if (!settings.data) return settings.error ? <FormError error={settings.error} /> : <Loading />;
  const s = settings.data;
  const submit = (body: { facility_type: RatioFacilityType; one_year_improvement: boolean; wish_deadline_day?: number }) =>
    save.mutate(body, { onSuccess: () => showSuccess('配置基準の設定を保存しました'), onError: showFailure });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          配置基準の設定
        </Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="施設の種類"
            size="md"
            data={ratioFacilityTypes.map((t) => ({ value: t, label: ratioFacilityTypeLabels[t] }))}
            value={s.facility_type}
            allowDeselect={false}
            onChange={(v) => v && submit({ facility_type: v as RatioFacilityType, one_year_improvement: s.one_year_improvement })}
            w={220}
          />
          <Checkbox
            size="md"
            label="1歳児配置改善加算を取得する（1歳 5:1）"
            checked={s.one_year_improvement}
            onChange={(e) => submit({ facility_type: s.facility_type, one_year_improvement: e.currentTarget.checked })}
          />
          <Select
            label="希望休の締切（前月の）"
            size="md"
            data={Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}日` }))}
            value={String(s.wish_deadline_day)}
            allowDeselect={false}
            onChange={(v) =>
              v &&
              submit({
                facility_type: s.facility_type,
                one_year_improvement: s.one_year_improvement,
                wish_deadline_day: Number(v),
              })
            }
            w={180}
          />
        </Group>
        <Text size="sm">
          今日の基準：0歳 {s.ratios[0]}:1・1歳 {s.ratios[1]}:1・2歳 {s.ratios[2]}:1・3歳 {s.ratios[3]}:1・4歳以上 {s.ratios[4]}:1
          {s.plus > 0 && `（各部屋 +${s.plus}人）`}
        </Text>
        <Text size="sm">
          締切の3日前から締切日まで、翌月の希望休をまだ入力していない保育士と園長にメールでお知らせします（月に1回）。
        </Text>
      </Stack>
    </Paper>
  );
}
