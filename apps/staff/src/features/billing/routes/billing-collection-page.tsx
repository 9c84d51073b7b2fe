import { Alert, Badge, Button, FileButton, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  collectionMethodLabels,
  statementStatusLabels,
  yenLabel,
  type postStaffDebitResults,
  type StaffCollection,
} from '@renraku/contract/staff';
import type { ResponseOf } from '@renraku/contract/client';
import { slashDate, yearMonthLabel } from '@renraku/contract/dates';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { errorText } from '@renraku/ui/api';
import { todayInTokyo } from '@renraku/ui/dates';
import { useFacility } from '../../../lib/facility';
import { useBillingMonths } from '../api';
import {
  debitRequestFileUrl,
  fileToBase64,
  useCollection,
  useCreateDebitRequest,
  useDebitSettings,
  useImportDebitResults,
  useWithdrawDebitRequest,
  useCarryStatement,
} from '../collection-api';
import { BankAccountForm } from '../components/bank-account-form';
import { BillingNav } from '../components/billing-nav';
import { PayerAccounts } from '../components/payer-accounts';

type ImportSummary = ResponseOf<typeof postStaffDebitResults>;
const statusColor = {
  draft: 'gray',
  unpaid: 'yellow',
  scheduled: 'blue',
  paid: 'teal',
  failed: 'red',
  carried: 'grape',
} as const;
/** 繰越 is offered where the server allows it (billing-carry-over.md): 引落不能, or 未払い past its due date. */
const carriable = (r: StaffCollection['rows'][number], today: string) =>
  r.total > r.paid && (r.status === 'failed' || (r.status === 'unpaid' && r.due_date < today));

/**
 * 集金 / 口座振替 (spec/billing.md §4): a closed month's collection per family, the 全銀 request file
 * (created once, then downloaded the same), the bank's result file with the import's summary.
 */
export function BillingCollectionPage() {
  const facility = useFacility();
  const [search, setSearch] = useSearchParams();
  const months = useBillingMonths(facility.id);
  const closed = months.data?.filter((m) => m.status === 'closed') ?? [];
  const month = search.get('month') ?? closed[0]?.month ?? null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useDebitSettings(facility.id);

  return (
    <Page title="集金・口座振替" size="xl">
      <BillingNav facilityId={facility.id} />
      <Group justify="space-between">
        <Group gap="xs" role="group" aria-label="確定済の月">
          {closed.map((m) => (
            <Button
              key={m.month}
              size="md"
              variant={m.month === month ? 'filled' : 'default'}
              aria-pressed={m.month === month}
              onClick={() => setSearch({ month: m.month }, { replace: true })}
            >
              {yearMonthLabel(m.month)}
            </Button>
          ))}
        </Group>
        <Button size="md" variant="default" onClick={() => setSettingsOpen(true)}>
          委託者設定
        </Button>
      </Group>
      {months.isPending ? (
        <Loading />
      ) : month ? (
        <Collection facilityId={facility.id} month={month} />
      ) : (
        <Text>確定した月がありません。</Text>
      )}
      <PayerAccounts facilityId={facility.id} />
      <Modal
        opened={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        title="口座振替の委託者設定"
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {settings.data && (
          <BankAccountForm
            facilityId={facility.id}
            initial={settings.data.settings ?? {}}
            onCancel={() => setSettingsOpen(false)}
            onDone={() => setSettingsOpen(false)}
          />
        )}
      </Modal>
    </Page>
  );
}

function Collection({ facilityId, month }: { facilityId: number; month: string }) {
  const data = useCollection(facilityId, month);
  const create = useCreateDebitRequest(facilityId, month);
  const upload = useImportDebitResults(facilityId, month);
  const withdraw = useWithdrawDebitRequest(facilityId, month);
  const carry = useCarryStatement(facilityId);
  const today = todayInTokyo();
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  if (data.isPending) return <Loading />;
  if (data.error) return <FormError error={data.error} />;
  const c = data.data;
  const onFile = async (file: File | null) => {
    if (!file) return;
    setSummary(null);
    upload.mutate(await fileToBase64(file), { onSuccess: setSummary });
  };
  const onWithdraw = async () => {
    const ok = await confirm({
      title: '口座振替依頼の取り下げ',
      message: `${yearMonthLabel(month)}の口座振替依頼（${c.request?.count ?? 0}件）を取り下げます。銀行に送ったファイルは銀行で取り消してください。請求は未払いに戻ります。`,
      confirmLabel: '取り下げる',
    });
    if (ok) withdraw.mutate();
  };
  const onCarry = async (r: StaffCollection['rows'][number]) => {
    const ok = await confirm({
      title: '未収金の繰越',
      message: `${r.number} ${r.payer.name}の未収金 ${yenLabel(r.total - r.paid)}を、まだ確定していない最初の月の請求に「未収金」として加えます。この請求には以後入金を記録できません。`,
      confirmLabel: '翌月へ繰越',
    });
    if (ok) carry.mutate(r.statement_id);
  };
  const answered = c.rows.some((r) => r.result !== null);
  const total = c.rows.reduce((sum, r) => sum + r.total, 0);
  const paid = c.rows.reduce((sum, r) => sum + r.paid, 0);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" data-testid="collection-summary">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {yearMonthLabel(month)}の集金
            </Title>
            <Text>
              {c.rows.length}家庭・請求 {yenLabel(total)}・入金済 {yenLabel(paid)}
            </Text>
            {c.request && (
              <Text data-testid="debit-request">
                口座振替依頼：{c.request.count}件・{yenLabel(c.request.total)}（引落日 {slashDate(c.request.debit_date)}）
              </Text>
            )}
          </Stack>
          <Group>
            {c.request ? (
              <Button component="a" href={debitRequestFileUrl(facilityId, month)} download={c.request.filename} size="md">
                依頼ファイルをダウンロード
              </Button>
            ) : (
              <Button size="md" onClick={() => create.mutate()} loading={create.isPending} disabled={!c.settings_ready}>
                口座振替依頼ファイルを作成
              </Button>
            )}
            {c.request && !answered && (
              <Button size="md" variant="default" onClick={() => void onWithdraw()} loading={withdraw.isPending}>
                依頼を取り下げる
              </Button>
            )}
            {c.request && (
              <FileButton onChange={(f) => void onFile(f)} accept=".txt,.dat,text/plain,application/octet-stream">
                {(props) => (
                  <Button {...props} size="md" variant="default" loading={upload.isPending}>
                    振替結果ファイルを取り込む
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        </Group>
      </Paper>
      {!c.settings_ready && <Alert color="yellow">口座振替の委託者設定（委託者コード・取引銀行）を登録してください。</Alert>}
      {create.error && <FormError error={create.error} />}
      {withdraw.error && <FormError error={withdraw.error} />}
      {carry.error && <FormError error={carry.error} />}
      {carry.data && (
        <Alert color="teal" data-testid="carry-done">
          {yenLabel(carry.data.amount)}を{yearMonthLabel(carry.data.month)}分の請求に繰り越しました。
        </Alert>
      )}
      {upload.error && (
        <Alert color="red" role="alert" title="振替結果を取り込めませんでした">
          {errorText(upload.error)}
        </Alert>
      )}
      {summary && <ImportResult summary={summary} />}
      <Table withTableBorder striped aria-label={`${yearMonthLabel(month)}の集金状況`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">請求番号</Table.Th>
            <Table.Th scope="col">支払者（園児）</Table.Th>
            <Table.Th scope="col" ta="right">
              請求額
            </Table.Th>
            <Table.Th scope="col">方法</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col">振替結果</Table.Th>
            <Table.Th scope="col">操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {c.rows.map((r) => (
            <Table.Tr key={r.statement_id} data-testid="collection-row">
              <Table.Td>{r.number}</Table.Td>
              <Table.Td>
                {r.payer.name}（{r.children.join('・')}）
              </Table.Td>
              <Table.Td ta="right">{yenLabel(r.total)}</Table.Td>
              <Table.Td>
                {collectionMethodLabels[r.method]}
                {r.account_number_masked && ` ${r.account_number_masked}`}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColor[r.status]} c="dark.9">
                  {statementStatusLabels[r.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{r.result ? `${r.result.code} ${r.result.label}` : '—'}</Table.Td>
              <Table.Td>
                {carriable(r, today) && (
                  <Button
                    size="md"
                    variant="default"
                    onClick={() => void onCarry(r)}
                    loading={carry.isPending && carry.variables === r.statement_id}
                    aria-label={`${r.number} ${r.payer.name}の未収金を翌月へ繰越`}
                  >
                    翌月へ繰越
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function ImportResult({ summary }: { summary: ImportSummary }) {
  return (
    <Alert color={summary.failed.count > 0 ? 'yellow' : 'teal'} title="振替結果を取り込みました" data-testid="import-summary">
      <Stack gap={4}>
        <Text size="sm">
          振替済 {summary.paid.count}件（{yenLabel(summary.paid.amount)}）・振替不能 {summary.failed.count}件（
          {yenLabel(summary.failed.amount)}）{summary.unchanged > 0 && `・取込済のため変更なし ${summary.unchanged}件`}
        </Text>
        {summary.failures.map((f) => (
          <Text size="sm" key={f.number} data-testid="import-failure">
            {f.number} {f.payer_name} {yenLabel(f.amount)}：{f.reason}（コード{f.code}）
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
