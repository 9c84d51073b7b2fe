import { Alert, Anchor, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { napPositionLabels, napPositions, type ClassNaps, type NapChild } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { dayLabel, timeLabel, todayInTokyo } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { useClassNaps, useNapCheck, useNapDay } from '../api';
import { NapAwayList } from '../components/nap-away-list';
import { NapBanner } from '../../../components/nap-banner';
import { NapChildCard } from '../components/nap-child-card';
import { minutesLate, napState, useNow } from '../../../lib/nap-due';
import { useNapSound, useOverdueAlarm } from '../../../lib/use-overdue-alarm';

/** `/f/:facilityId/naps/:classId`: today's nap grid of the class (the class tablet's screen). */
export function ClassNapsPage() {
  const classId = idFrom(useParams().classId);
  if (!classId) return <NotFound />;
  return <ClassNaps classId={classId} date={todayInTokyo()} />;
}

function ClassNaps({ classId, date }: { classId: number; date: string }) {
  const facility = useFacility();
  const query = useClassNaps(classId, date);
  const now = useNow();
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  return <NapGrid day={query.data} now={now} sheetPath={facilityPath(facility.id, `naps/${classId}/sheet`)} />;
}

function NapGrid({ day, now, sheetPath }: { day: ClassNaps; now: number; sheetPath: string }) {
  const { start, end, interval } = useNapDay(day.class.id, day.date);
  const check = useNapCheck(day.class.id, day.date);
  const [abnormal, setAbnormal] = useState<NapChild | null>(null);
  const [editing, setEditing] = useState(false);
  const [minutes, setMinutes] = useState<number | string>(day.interval_minutes);
  const running = !!day.session && day.session.ended_at === null;
  // Only the children in the room are on the grid (docs/decisions/naps-presence.md).
  const present = day.children.filter((child) => child.presence === 'present');
  const away = day.children.filter((child) => child.presence !== 'present');
  const states = present.map((child) => napState(child, now));
  const named = (state: 'due' | 'overdue') =>
    present
      .filter((_, i) => states[i] === state)
      .map((c) => ({ id: c.id, name: c.name, recheck: c.recheck, late: minutesLate(c, now) }));
  const [due, overdue] = [named('due'), named('overdue')];
  const sound = useNapSound();
  useOverdueAlarm(
    overdue.map((c) => c.id),
    sound.muted || !running,
  );

  const onEnd = async () => {
    const ok = await confirm({
      title: '午睡の終了',
      message: `${day.class.name}の午睡を終了しますか？`,
      confirmLabel: '終了する',
    });
    if (ok) end.mutate(undefined, { onSuccess: () => showSuccess('午睡を終了しました'), onError: showFailure });
  };

  return (
    <Page title="午睡チェック">
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap">
            <Text fw={700} size="xl">
              {day.class.name} {dayLabel(day.date)}
            </Text>
            <Group gap="sm">
              {day.writable && !running && (
                <Button
                  size="md"
                  onClick={() =>
                    start.mutate(undefined, { onSuccess: () => showSuccess('午睡を開始しました'), onError: showFailure })
                  }
                  loading={start.isPending}
                >
                  {day.session ? '午睡を再開' : '午睡開始'}
                </Button>
              )}
              {day.writable && running && (
                <Button size="md" variant="default" onClick={() => void onEnd()} loading={end.isPending}>
                  午睡終了
                </Button>
              )}
              <Button component={Link} to={sheetPath} size="md" variant="default">
                記録表（印刷・CSV）
              </Button>
            </Group>
          </Group>
          <Text>
            確認の間隔：{day.interval_minutes}分
            {day.interval_minutes === day.default_interval_minutes ? '（標準）' : `（標準は${day.default_interval_minutes}分）`}
            ・うつ伏せは1分後に再確認
            {day.session && `・開始 ${timeLabel(day.session.started_at)}`}
            {day.session?.ended_at && `・終了 ${timeLabel(day.session.ended_at)}`}
            {day.writable && !editing && (
              <Anchor component="button" type="button" ml="sm" onClick={() => setEditing(true)} style={{ minHeight: 44 }}>
                間隔を変更
              </Anchor>
            )}
          </Text>
          {editing && (
            <Group align="flex-end" gap="sm">
              <NumberInput label="確認の間隔（分）" size="md" min={1} max={30} value={minutes} onChange={setMinutes} w={180} />
              <Button
                size="md"
                onClick={() =>
                  interval.mutate(Number(minutes), {
                    onSuccess: () => {
                      setEditing(false);
                      showSuccess('確認の間隔を保存しました');
                    },
                    onError: showFailure,
                  })
                }
                loading={interval.isPending}
              >
                保存
              </Button>
              <Button size="md" variant="default" onClick={() => setEditing(false)}>
                キャンセル
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {running ? (
        <NapBanner overdue={overdue} due={due} muted={sound.muted} onToggleSound={sound.toggle} testId="nap-summary" />
      ) : (
        <Text c="dark.7">
          {day.session
            ? '午睡は終了しました。'
            : day.writable
              ? '「午睡開始」を押すと確認が始まります（開始時に1回目の確認）。'
              : 'まだ午睡は始まっていません。'}
        </Text>
      )}
      {day.children.length === 0 ? (
        <Text>このクラスに今日在籍する園児はいません。</Text>
      ) : present.length === 0 ? (
        <Text>登園している園児はいません。登園はクラスボードかゲートで記録します。</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {present.map((child, i) => (
            <NapChildCard
              key={child.id}
              child={child}
              state={states[i]!}
              now={now}
              running={running}
              writable={day.writable}
              busy={check.isPending && check.variables?.child_id === child.id}
              onCheck={(position) => check.mutate({ child_id: child.id, position, breathing_ok: true }, { onError: showFailure })}
              onAbnormal={() => setAbnormal(child)}
            />
          ))}
        </SimpleGrid>
      )}
      <NapAwayList away={away} />
      <Modal
        opened={abnormal !== null}
        onClose={() => setAbnormal(null)}
        title="呼吸・顔色の異常"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {abnormal && (
          <Stack gap="sm">
            <Alert color="red" variant="light">
              <Text c="dark.9">
                すぐに体をゆすって呼びかけ、反応がなければ心肺蘇生を始めて周りの職員を呼び、119番通報してください。記録は後からでもかまいません。
              </Text>
            </Alert>
            <Text>{abnormal.name}さんの体位を選ぶと「呼吸に異常」として記録します。</Text>
            <Group grow>
              {napPositions.map((position) => (
                <Button
                  key={position}
                  size="md"
                  color="red.9"
                  onClick={() =>
                    check.mutate(
                      { child_id: abnormal.id, position, breathing_ok: false },
                      { onSuccess: () => setAbnormal(null), onError: showFailure },
                    )
                  }
                >
                  {napPositionLabels[position]}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
      </Modal>
    </Page>
  );
}
