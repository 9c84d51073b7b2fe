import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import {
  transferStatusLabels,
  yenLabel,
  type postStaffBillingTransfersImport,
  type StaffTransfers,
  type Transfer,
} from '@renraku/contract/staff';
import type { ResponseOf } from '@renraku/contract/client';
import { slashDate, yearMonthLabel } from '@renraku/contract/dates';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { errorText } from '@renraku/ui/api';
import { useFacility } from '../../../lib/facility';
import { fileToBase64 } from '../collection-api';
import { BillingNav } from '../components/billing-nav';
import { useAssignTransfer, useDismissTransfer, useImportTransfers, useTransfers } from '../transfers-api';

type ImportSummary = ResponseOf<typeof postStaffBillingTransfersImport>;
const statusColor = { matched: 'teal', assigned: 'blue', waiting: 'yellow', dismissed: 'gray' } as const;

/**
 * 振込入金 (spec/billing.md §4): the bank's 入出金明細 CSV imported; credits matched to statements by
 * カナ name and amount; the rest assigned to a statement or recorded as not a fee by the 事務.
 */
export function BillingTransfersPage() {
  const facility = useFacility();
  const data = useTransfers(facility.id);
  const upload = useImportTransfers(facility.id);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [assigning, setAssigning] = useState<Transfer | null>(null);
  const [dismissing, setDismissing] = useState<Transfer | null>(null);
  const onFile = async (file: File | null) => {
    if (!file) return;
    setSummary(null);
    upload.mutate(await fileToBase64(file), { onSuccess: setSummary });
  };
  return (
    <Page title="振込入金" size="xl">
      <BillingNav facilityId={facility.id} />
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Text maw={640}>
            銀行の入出金明細（CSV）を取り込むと、振込依頼人名（カナ）と金額が請求に合う入金は自動で入金済みになります。合わない入金は下の「照合待ち」から請求に割り当ててください。同じ明細を重ねて取り込んでも二重には記録されません。
          </Text>
          <FileButton onChange={(f) => void onFile(f)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button {...props} size="md" loading={upload.isPending}>
                入出金明細（CSV）を取り込む
              </Button>
            )}
          </FileButton>
        </Group>
      </Paper>
      {upload.error && (
        <Alert color="red" role="alert" title="入出金明細を取り込めませんでした">
          {errorText(upload.error)}
        </Alert>
      )}
      {summary && (
        <Alert
          color={summary.waiting.count > 0 ? 'yellow' : 'teal'}
          title="入出金明細を取り込みました"
          data-testid="transfer-summary"
        >
          入金 {summary.imported}件：照合済 {summary.matched.count}件（{yenLabel(summary.matched.amount)}）・照合待ち{' '}
          {summary.waiting.count}件（{yenLabel(summary.waiting.amount)}）
          {summary.duplicates > 0 && `・取込済のため省略 ${summary.duplicates}件`}
        </Alert>
      )}
      {data.isPending ? (
        <Loading />
      ) : data.error ? (
        <FormError error={data.error} />
      ) : (
        <Lists data={data.data} onAssign={setAssigning} onDismiss={setDismissing} />
      )}
      <Modal
        opened={!!assigning}
        onClose={() => setAssigning(null)}
        title="請求に割り当てる"
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {assigning && data.data && (
          <AssignForm
            facilityId={facility.id}
            transfer={assigning}
            open={data.data.open_statements}
            onClose={() => setAssigning(null)}
          />
        )}
      </Modal>
      <Modal
        opened={!!dismissing}
        onClose={() => setDismissing(null)}
        title="請求以外の入金として記録"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {dismissing && <DismissForm facilityId={facility.id} transfer={dismissing} onClose={() => setDismissing(null)} />}
      </Modal>
    </Page>
  );
}

function Lists({
  data,
  onAssign,
  onDismiss,
}: {
  data: StaffTransfers;
  onAssign: (t: Transfer) => void;
  onDismiss: (t: Transfer) => void;
}) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          照合待ち（{data.waiting.length}件）
        </Title>
        {data.waiting.length === 0 ? (
          <Text>照合待ちの入金はありません。</Text>
        ) : (
          <Table withTableBorder striped aria-label="照合待ちの入金">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">入金日</Table.Th>
                <Table.Th scope="col">摘要（振込依頼人）</Table.Th>
                <Table.Th scope="col" ta="right">
                  金額
                </Table.Th>
                <Table.Th scope="col">操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.waiting.map((t) => (
                <Table.Tr key={t.id} data-testid="transfer-waiting">
                  <Table.Td>{slashDate(t.received_on)}</Table.Td>
                  <Table.Td>{t.description}</Table.Td>
                  <Table.Td ta="right">{yenLabel(t.amount)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button
                        size="md"
                        onClick={() => onAssign(t)}
                        aria-label={`${t.description} ${yenLabel(t.amount)}を請求に割り当てる`}
                      >
                        請求に割り当てる
                      </Button>
                      <Button
                        size="md"
                        variant="default"
                        onClick={() => onDismiss(t)}
                        aria-label={`${t.description} ${yenLabel(t.amount)}を請求以外として記録`}
                      >
                        請求以外
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          照合済みの入金
        </Title>
        {data.recent.length === 0 ? (
          <Text>まだありません。</Text>
        ) : (
          <Table withTableBorder striped aria-label="照合済みの入金">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">入金日</Table.Th>
                <Table.Th scope="col">摘要（振込依頼人）</Table.Th>
                <Table.Th scope="col" ta="right">
                  金額
                </Table.Th>
                <Table.Th scope="col">状態</Table.Th>
                <Table.Th scope="col">請求・理由</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.recent.map((t) => (
                <Table.Tr key={t.id} data-testid="transfer-recent">
                  <Table.Td>{slashDate(t.received_on)}</Table.Td>
                  <Table.Td>{t.description}</Table.Td>
                  <Table.Td ta="right">{yenLabel(t.amount)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColor[t.status]} c="dark.9">
                      {transferStatusLabels[t.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{t.statement ? `${t.statement.number} ${t.statement.payer_name}` : (t.note ?? '—')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}

function AssignForm({
  facilityId,
  transfer,
  open,
  onClose,
}: {
  facilityId: number;
  transfer: Transfer;
  open: StaffTransfers['open_statements'];
  onClose: () => void;
}) {
  const assign = useAssignTransfer(facilityId);
  const [statementId, setStatementId] = useState<string | null>(null);
  // The statements whose open amount is the credit's come first: usually the one meant.
  const sorted = [...open].sort((a, b) => Number(b.remaining === transfer.amount) - Number(a.remaining === transfer.amount));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (statementId) assign.mutate({ transferId: transfer.id, statementId: Number(statementId) }, { onSuccess: onClose });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="請求に割り当てる">
      <Stack gap="sm">
        <Text>
          {slashDate(transfer.received_on)} {transfer.description} {yenLabel(transfer.amount)}
        </Text>
        {assign.error && (
          <Alert color="red" role="alert">
            {errorText(assign.error)}
          </Alert>
        )}
        <Select
          label="請求"
          size="md"
          searchable
          nothingFoundMessage="該当する請求がありません"
          data={sorted.map((s) => ({
            value: String(s.id),
            label: `${s.number} ${s.payer_name}（${s.children.join('・')}）${yearMonthLabel(s.month)}分 残額${yenLabel(s.remaining)}`,
          }))}
          value={statementId}
          onChange={setStatementId}
          error={!open.length ? '入金を受け付ける請求がありません' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            キャンセル
          </Button>
          <Button type="submit" size="md" loading={assign.isPending} disabled={!statementId}>
            割り当てる
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DismissForm({ facilityId, transfer, onClose }: { facilityId: number; transfer: Transfer; onClose: () => void }) {
  const dismiss = useDismissTransfer(facilityId);
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dismiss.mutate({ transferId: transfer.id, reason }, { onSuccess: onClose });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="請求以外の入金として記録">
      <Stack gap="sm">
        <Text>
          {slashDate(transfer.received_on)} {transfer.description} {yenLabel(transfer.amount)}
        </Text>
        <TextInput
          label="理由"
          description="例：バザーの売上、返金の戻り"
          size="md"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={dismiss.error ? errorText(dismiss.error) : undefined}
          maxLength={100}
        />
        <FormActions submit="記録する" pending={dismiss.isPending} onCancel={onClose} size="md" />
      </Stack>
    </form>
  );
}
