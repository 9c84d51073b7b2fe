import { Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { addMonths, weekdayOf } from '@renraku/contract/dates';
import type { ShiftDraft, ShiftMonth } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { dateTimeLabel, todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useShiftEdits, useShiftMonth, useShiftRatio } from '../api';
import { DraftUnmet } from '../components/draft-unmet';
import { ShiftRatioRow, ShiftShortList } from '../components/shift-ratio';
import { WorkingConditionsDialog } from '../components/working-conditions-dialog';

/**
 * `/f/:facilityId/staffing/shifts`: the month's shift table (staffing.md §3). The 園長 picks a pattern
 * (or 休) and taps cells to fill them, then publishes; staff see their own row of a published month.
 */
export function ShiftsPage() {
  const facility = useFacility();
  const [month, setMonth] = useState(todayInTokyo().slice(0, 7));
  const table = useShiftMonth(facility.id, month);
  return (
    <Page title="シフト表">
      <Group gap="sm">
        <Button variant="default" size="md" onClick={() => setMonth(addMonths(month, -1))}>
          前の月
        </Button>
        <Text fw={700} size="lg" data-testid="shift-month">
          {Number(month.slice(0, 4))}年{Number(month.slice(5))}月
        </Text>
        <Button variant="default" size="md" onClick={() => setMonth(addMonths(month, 1))}>
          次の月
        </Button>
      </Group>
      {table.isPending ? (
        <Loading />
      ) : table.error ? (
        <FormError error={table.error} />
      ) : (
        <ShiftTable key={month} data={table.data} />
      )}
    </Page>
  );
}

function ShiftTable({ data }: { data: ShiftMonth }) {
  const facility = useFacility();
  const edits = useShiftEdits(facility.id, data.month);
  // The planned ratio per day (red slots): for those who edit the table.
  const ratio = useShiftRatio(facility.id, data.month, data.editable);
  const [brush, setBrush] = useState<number | null>(data.patterns[0]?.id ?? null);
  const codeOf = new Map(data.patterns.map((p) => [p.id, p.code]));
  const [unmet, setUnmet] = useState<ShiftDraft['unmet'] | null>(null);
  // 勤務条件 of the row whose 「条件」 was tapped (staffing-working-conditions.md).
  const [conditionsOf, setConditionsOf] = useState<{ userId: number; name: string } | null>(null);
  const generate = async () => {
    const ok = await confirm({
      title: '下書きを作成',
      message:
        '翌月の登降園予定と希望休から、この月のシフト表の下書きを作ります。クラスのある職員の入力済みのシフトは上書きされます。',
      confirmLabel: '作成する',
    });
    if (!ok) return;
    edits.generate.mutate(undefined, {
      onSuccess: (draft) => {
        setUnmet(draft.unmet);
        showSuccess('下書きを作成しました');
      },
      onError: showFailure,
    });
  };
  return (
    <Stack gap="sm">
      <Text>
        {data.published_at ? `公開済み（${dateTimeLabel(data.published_at)}）` : '下書き（職員にはまだ見えません）'}
        {data.patterns.length > 0 &&
          `・${data.patterns.map((p) => `${p.code} ${p.start}〜${p.end}（休憩${p.break_minutes}分）`).join('・')}`}
        {data.editable &&
          '・黄色の「希」は職員の希望休・最下行が赤い日は保育士が足りない時間帯あり（保育士/必要）・「条件」で職員ごとの勤務条件（下書きが守る上限とパターン）'}
      </Text>
      {data.editable && (
        <Group gap="xs" aria-label="入力するパターン" role="group">
          <Text size="sm">入力するパターン：</Text>
          {data.patterns.map((p) => (
            <Button
              key={p.id}
              size="md"
              variant={brush === p.id ? 'filled' : 'default'}
              aria-pressed={brush === p.id}
              onClick={() => setBrush(p.id)}
            >
              {p.code}
            </Button>
          ))}
          <Button
            size="md"
            variant={brush === null ? 'filled' : 'default'}
            aria-pressed={brush === null}
            onClick={() => setBrush(null)}
          >
            休
          </Button>
          {!data.published_at && (
            <Button size="md" variant="default" ml="auto" loading={edits.generate.isPending} onClick={() => void generate()}>
              下書きを作成
            </Button>
          )}
          <Button
            size="md"
            ml={data.published_at ? 'auto' : undefined}
            loading={edits.publish.isPending}
            onClick={() =>
              edits.publish.mutate(undefined, { onSuccess: () => showSuccess('シフトを公開しました'), onError: showFailure })
            }
          >
            {data.published_at ? 'もう一度公開する' : '公開する'}
          </Button>
        </Group>
      )}
      {unmet && <DraftUnmet unmet={unmet} />}
      {data.staff.length === 0 ? (
        <Text>{data.editable ? 'この施設の職員がいません。' : 'この月のシフトはまだ公開されていません。'}</Text>
      ) : (
        <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
          <Table withColumnBorders horizontalSpacing={2} verticalSpacing={2} fz="sm" data-testid="shift-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">職員</Table.Th>
                {data.dates.map((d) => (
                  <Table.Th key={d} scope="col" ta="center">
                    {Number(d.slice(8))}
                    <br />
                    {weekdayOf(d)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.staff.map((person) => (
                <Table.Tr key={person.user_id}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {person.name}
                    {data.editable && (
                      <Button
                        variant="subtle"
                        size="sm"
                        h={44}
                        px={6}
                        ml={4}
                        aria-label={`${person.name}さんの勤務条件`}
                        onClick={() => setConditionsOf({ userId: person.user_id, name: person.name })}
                      >
                        条件
                      </Button>
                    )}
                  </Table.Th>
                  {data.dates.map((d) => {
                    const code = person.days[d] ? codeOf.get(person.days[d]!) : undefined;
                    // 希望休 (staffing-wishes.md): marked 「希」, the cell tinted (a shift put on it stands out).
                    const wish = person.wishes.includes(d);
                    const shown = code ?? (wish ? '希' : '');
                    return (
                      <Table.Td key={d} ta="center" p={0} bg={wish ? 'yellow.1' : undefined} data-wish={wish || undefined}>
                        {data.editable ? (
                          <UnstyledButton
                            w="100%"
                            mih={44}
                            miw={32}
                            ta="center"
                            aria-label={`${person.name} ${Number(d.slice(8))}日：${code ?? '休'}${wish ? '（希望休）' : ''}`}
                            onClick={() =>
                              edits.cell.mutate({ user_id: person.user_id, date: d, pattern_id: brush }, { onError: showFailure })
                            }
                          >
                            {shown}
                          </UnstyledButton>
                        ) : (
                          shown
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data.editable && (
              <Table.Tfoot>
                <ShiftRatioRow dates={data.dates} ratio={ratio.data} />
              </Table.Tfoot>
            )}
          </Table>
        </Paper>
      )}
      {conditionsOf && (
        <WorkingConditionsDialog
          userId={conditionsOf.userId}
          name={conditionsOf.name}
          patterns={data.patterns}
          onClose={() => setConditionsOf(null)}
        />
      )}
      {data.editable && ratio.data && <ShiftShortList ratio={ratio.data} />}
      {data.editable && (
        <NewPattern
          onAdd={(body) =>
            edits.pattern.mutate(body, { onSuccess: () => showSuccess('パターンを追加しました'), onError: showFailure })
          }
        />
      )}
    </Stack>
  );
}

function NewPattern({ onAdd }: { onAdd: (body: { code: string; start: string; end: string; break_minutes: number }) => void }) {
  const [code, setCode] = useState('');
  const [start, setStart] = useState('07:30');
  const [end, setEnd] = useState('16:15');
  const [breakMinutes, setBreakMinutes] = useState<number | string>(60);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        パターンを追加
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="記号" size="md" w={90} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <TextInput type="time" label="開始" size="md" w={130} value={start} onChange={(e) => setStart(e.currentTarget.value)} />
        <TextInput type="time" label="終了" size="md" w={130} value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        <NumberInput label="休憩（分）" size="md" w={120} min={0} max={180} value={breakMinutes} onChange={setBreakMinutes} />
        <Button size="md" onClick={() => onAdd({ code, start, end, break_minutes: Number(breakMinutes) })}>
          追加
        </Button>
      </Group>
    </Paper>
  );
}
