import { Alert, Badge, Button, Group, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { addMonths, fullDateLabel, monthDayLabel, yearMonthLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { schedulePlanCsvUrl, useCloseWindow, useRemind, useScheduleMonth, useSchedulePlan, useSchedulesLive } from '../api';
import { PlanTable } from '../components/plan-table';
import { RegistrationTable } from '../components/registration-table';
import { WindowForm } from '../components/window-form';

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * 登園予定 (staff.md §5): a month's registration window (open, change, close), who has not
 * registered and a reminder to them, and the month's plan per day with its CSV. The month and the
 * tab live in the URL (`?month=`, `?view=plan`); next month by default (the one being registered).
 */
export function SchedulesPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const nextMonth = addMonths(todayInTokyo().slice(0, 7), 1);
  const month = isMonth(search.get('month')) ? search.get('month')! : nextMonth;
  const view = search.get('view') === 'plan' ? 'plan' : 'window';
  // Guardians' registrations show as they arrive (the class board's mechanism).
  useSchedulesLive(facility.id, month);
  const go = (next: { month?: string; view?: string }) => {
    const m = next.month ?? month;
    const v = next.view ?? view;
    setSearch({ ...(m === nextMonth ? {} : { month: m }), ...(v === 'plan' ? { view: 'plan' } : {}) }, { replace: true });
  };

  return (
    <Page title="登園予定">
      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" size="md" onClick={() => go({ month: addMonths(month, -1) })} aria-label="前の月">
          ‹ 前の月
        </Button>
        <Title order={2} size="h3" aria-live="polite">
          {yearMonthLabel(month)}
        </Title>
        <Button variant="default" size="md" onClick={() => go({ month: addMonths(month, 1) })} aria-label="次の月">
          次の月 ›
        </Button>
      </Group>
      <Tabs value={view} onChange={(v) => go({ view: v ?? 'window' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="window" size="md" style={{ minHeight: 44 }}>
            受付と登録状況
          </Tabs.Tab>
          <Tabs.Tab value="plan" style={{ minHeight: 44 }}>
            日別の予定
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="window" pt="md">
          <WindowPanel facilityId={facility.id} month={month} />
        </Tabs.Panel>
        <Tabs.Panel value="plan" pt="md">
          <PlanPanel facilityId={facility.id} month={month} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

function WindowPanel({ facilityId, month }: { facilityId: number; month: string }) {
  const data = useScheduleMonth(facilityId, month);
  const close = useCloseWindow(facilityId);
  const remind = useRemind(facilityId);
  const [editing, setEditing] = useState(false);
  if (data.isPending) return <Loading />;
  if (data.error) return <FormError error={data.error} />;
  const { window, proposal, can_write, children } = data.data;
  const waiting = children.filter((c) => c.state !== 'registered');

  const onClose = async () => {
    const ok = await confirm({
      title: '受付の終了',
      message: `${yearMonthLabel(month)}の受付を今すぐ終了しますか？保護者は登録・変更できなくなります（締切日を変更すると再開できます）。`,
      confirmLabel: '受付を終了する',
      danger: true,
    });
    if (ok && window) close.mutate(window.id, { onSuccess: () => showSuccess('受付を終了しました'), onError: showFailure });
  };
  const onRemind = async () => {
    const ok = await confirm({
      title: '催促メールの送信',
      message: `未登録の日がある園児${waiting.length}人の保護者に、登録をお願いするメールを送ります（同じ保護者には1日1回まで。通知をオフにしている方には送られません）。`,
      confirmLabel: '送信する',
    });
    if (ok && window) remind.mutate(window.id, { onSuccess: (res) => showSuccess(res.message), onError: showFailure });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" data-testid="window-summary">
        {window ? (
          <Stack gap={6}>
            <Group gap="sm">
              <Text fw={700} size="lg">
                受付
              </Text>
              <Badge size="lg" variant="light" color={window.status === 'open' ? 'teal' : 'gray'} c="dark.9">
                {window.status === 'open' ? '受付中' : '受付終了'}
              </Badge>
            </Group>
            <Text>
              締切：{fullDateLabel(window.deadline)}
              {window.closed_at && '（受付を終了しました）'}
            </Text>
            <Text>開所日：{window.open_days.length}日</Text>
            {can_write && (
              <Group gap="sm" mt={4}>
                <Button size="md" variant="default" onClick={() => setEditing(true)}>
                  {window.status === 'open' ? '受付を変更' : '締切日を変更して再開'}
                </Button>
                {window.status === 'open' && (
                  <Button
                    size="md"
                    variant="default"
                    color="red"
                    c="red.9"
                    onClick={() => void onClose()}
                    loading={close.isPending}
                  >
                    受付を終了
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        ) : (
          <Stack gap={6}>
            <Text fw={700} size="lg">
              受付はまだ開いていません
            </Text>
            <Text size="sm">
              初期値：平日から休園日と祝日を除いた{proposal.open_days.length}日、締切 {monthDayLabel(proposal.deadline)}
            </Text>
            {can_write ? (
              <Group>
                <Button size="md" onClick={() => setEditing(true)}>
                  受付を開始
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dark.6">
                受付の開始は園長・事務の方が行います。
              </Text>
            )}
          </Stack>
        )}
      </Paper>
      {window && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4">
              登録状況：未登録の日がある園児 {waiting.length}人 / {children.length}人
            </Title>
            {can_write && window.status === 'open' && waiting.length > 0 && (
              <Button size="md" onClick={() => void onRemind()} loading={remind.isPending}>
                未登録の保護者に催促メール
              </Button>
            )}
          </Group>
          {children.length === 0 ? <Text>この月に在籍する園児はいません。</Text> : <RegistrationTable children={children} />}
        </Stack>
      )}
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={window ? '受付の変更' : '受付の開始'}
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {editing && (
          <WindowForm
            facilityId={facilityId}
            month={month}
            windowId={window?.id ?? null}
            deadline={window && window.status === 'open' ? window.deadline : proposal.deadline}
            openDays={window?.open_days ?? proposal.open_days}
            closedDays={proposal.closed_days}
            onCancel={() => setEditing(false)}
            onDone={(message) => {
              setEditing(false);
              showSuccess(message);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function PlanPanel({ facilityId, month }: { facilityId: number; month: string }) {
  const plan = useSchedulePlan(facilityId, month);
  if (plan.isPending) return <Loading />;
  if (plan.error) return <FormError error={plan.error} />;
  const { standard_hours: hours, days } = plan.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Alert variant="light" color="blue" p="xs">
          保育標準時間 {hours.start}〜{hours.end}（開園時刻から11時間）の外の予定を延長保育として数えます。
        </Alert>
        <Group gap="sm">
          <Button component="a" href={schedulePlanCsvUrl(facilityId, month, 'days')} download variant="default" size="md">
            CSV（日別）
          </Button>
          <Button component="a" href={schedulePlanCsvUrl(facilityId, month, 'children')} download variant="default" size="md">
            CSV（園児別）
          </Button>
        </Group>
      </Group>
      <PlanTable days={days} />
    </Stack>
  );
}
