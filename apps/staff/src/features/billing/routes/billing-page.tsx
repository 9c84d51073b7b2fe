import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { yenLabel, type BillingStatement } from '@renraku/contract/staff';
import { addMonths, slashDateTimeLabel, yearMonthLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { booksFileUrl, useBillingMonth, useBillingMonths, useCloseMonth } from '../api';
import { AdjustmentForm } from '../components/adjustment-form';
import { PaymentForm } from '../components/payment-form';
import { BillingNav } from '../components/billing-nav';
import { StatementCard } from '../components/statement-card';

const isMonth = (value: string | null): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * 月次締め (spec/billing.md §3): the months, a month's draft statements per family computed from the
 * recorded attendance, adjustments with a reason, and 確定. The month lives in the URL (`?month=`);
 * by default the previous month while it is open, else this month.
 */
export function BillingPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const months = useBillingMonths(facility.id);
  const current = todayInTokyo().slice(0, 7);
  const previous = addMonths(current, -1);
  const previousOpen = months.data?.find((m) => m.month === previous)?.status !== 'closed';
  const month = isMonth(search.get('month')) ? search.get('month')! : previousOpen ? previous : current;

  return (
    <Page title="請求" size="xl">
      <BillingNav facilityId={facility.id} />
      <Group gap="xs" role="group" aria-label="月">
        {months.data?.map((m) => (
          <Button
            key={m.month}
            size="md"
            variant={m.month === month ? 'filled' : 'default'}
            aria-pressed={m.month === month}
            onClick={() => setSearch({ month: m.month }, { replace: true })}
          >
            {yearMonthLabel(m.month)}
            {m.status === 'closed' ? '（確定済）' : ''}
          </Button>
        ))}
      </Group>
      {/* Closing pins the month in the URL: once closed it stays in view (the default moves on to the next open month). */}
      <MonthPanel facilityId={facility.id} month={month} pin={() => setSearch({ month }, { replace: true })} />
    </Page>
  );
}

function MonthPanel({ facilityId, month, pin }: { facilityId: number; month: string; pin: () => void }) {
  const data = useBillingMonth(facilityId, month);
  const close = useCloseMonth(facilityId);
  const [adjusting, setAdjusting] = useState<BillingStatement | null>(null);
  const [paying, setPaying] = useState<BillingStatement | null>(null);
  if (data.isPending) return <Loading />;
  if (data.error) return <FormError error={data.error} />;
  const m = data.data;
  const open = m.status === 'open';

  const onClose = async () => {
    const ok = await confirm({
      title: '請求の確定',
      message: `${yearMonthLabel(month)}の請求${m.statements.length}件（合計${yenLabel(m.total)}）を確定し、保護者に発行します。確定後は変更できません（訂正は翌月の調整として登録します）。`,
      confirmLabel: '確定して発行する',
    });
    if (!ok) return;
    pin();
    close.mutate(month, { onSuccess: () => showSuccess(`${yearMonthLabel(month)}の請求を確定しました`), onError: showFailure });
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" data-testid="month-summary">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {yearMonthLabel(month)}
              </Title>
              <Badge size="lg" variant="light" color={open ? 'yellow' : 'teal'} c="dark.9">
                {open ? '下書き' : '確定済'}
              </Badge>
            </Group>
            <Text>
              {m.statements.length}家庭・合計 {yenLabel(m.total)}
              {m.closed_at && `（${slashDateTimeLabel(m.closed_at)} 確定）`}
            </Text>
          </Stack>
          {open ? (
            <Button size="md" onClick={() => void onClose()} loading={close.isPending} disabled={m.statements.length === 0}>
              確定して発行
            </Button>
          ) : (
            <Group gap="xs">
              <Button component="a" href={booksFileUrl('books', facilityId, month)} size="md" variant="default" download>
                月次CSV（Excel）
              </Button>
              <Button component="a" href={booksFileUrl('journal', facilityId, month)} size="md" variant="default" download>
                仕訳CSV（弥生会計）
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
      {m.settings_missing && (
        <Alert color="yellow">この月に適用される料金設定がありません。「料金設定」で登録してください。</Alert>
      )}
      {open && m.missing_children.length > 0 && (
        <Alert color="yellow" title="請求情報が未登録の園児">
          {m.missing_children.map((c) => c.name).join('、')}（「園児の請求情報」で登録するまで請求されません）
        </Alert>
      )}
      {m.statements.length === 0 && !m.settings_missing && <Text>この月の請求はありません。</Text>}
      {m.statements.map((s) => (
        <StatementCard
          key={s.payer.id}
          statement={s}
          onAdjust={open ? () => setAdjusting(s) : undefined}
          onPayment={!open && (s.status === 'unpaid' || s.status === 'failed') ? () => setPaying(s) : undefined}
        />
      ))}
      <Modal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title="調整の追加"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {adjusting && (
          <AdjustmentForm
            facilityId={facilityId}
            month={month}
            statement={adjusting}
            onCancel={() => setAdjusting(null)}
            onDone={() => {
              setAdjusting(null);
              showSuccess('調整を追加しました');
            }}
          />
        )}
      </Modal>
      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        title="入金の記録"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {paying && (
          <PaymentForm
            facilityId={facilityId}
            statement={paying}
            onCancel={() => setPaying(null)}
            onDone={() => {
              setPaying(null);
              showSuccess('入金を記録しました');
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
