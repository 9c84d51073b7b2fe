import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { bankAccountTypeLabels } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { debitFormUrl, useBillingAccounts, useSetAccountRegistered } from '../collection-api';
import { BankAccountForm } from './bank-account-form';

/** The payers' 口座振替 accounts (number masked); the 事務 enters one from the paper 預金口座振替依頼書. */
export function PayerAccounts({ facilityId }: { facilityId: number }) {
  const accounts = useBillingAccounts(facilityId);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const setRegistered = useSetAccountRegistered(facilityId);
  const toggle = (userId: number, registered: boolean) =>
    setRegistered.mutate(
      { userId, registered },
      {
        onSuccess: () => showSuccess(registered ? '登録済にしました' : '未登録に戻しました'),
        onError: (e) => showFailure(e),
      },
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="payer-accounts">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payer-accounts">
          支払者の口座（口座振替）
        </Title>
        {accounts.isPending ? (
          <Loading />
        ) : (
          <Table withTableBorder aria-labelledby="payer-accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">支払者（園児）</Table.Th>
                <Table.Th scope="col">口座</Table.Th>
                <Table.Th scope="col">口座名義</Table.Th>
                <Table.Th scope="col">銀行の登録</Table.Th>
                <Table.Th scope="col">操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.data?.map((p) => (
                <Table.Tr key={p.user_id} data-testid="payer-account">
                  <Table.Td>
                    {p.name}（{p.children.join('・')}）
                  </Table.Td>
                  <Table.Td>
                    {p.account
                      ? `${p.account.bank_code}-${p.account.branch_code} ${bankAccountTypeLabels[p.account.account_type]} ${p.account.account_number_masked}`
                      : '未登録'}
                  </Table.Td>
                  <Table.Td>{p.account?.holder ?? '—'}</Table.Td>
                  <Table.Td>
                    {p.account ? (
                      p.account.registered_at ? (
                        <Badge color="teal" variant="light">
                          登録済 {new Date(p.account.registered_at).toLocaleDateString('ja-JP')}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          未登録
                        </Badge>
                      )
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs">
                      <Button size="sm" variant="default" onClick={() => setEditing({ id: p.user_id, name: p.name })}>
                        依頼書から入力
                      </Button>
                      {p.account && (
                        <>
                          <Button component="a" href={debitFormUrl(facilityId, p.user_id)} download size="sm" variant="default">
                            依頼書PDF
                          </Button>
                          <Button
                            size="sm"
                            variant={p.account.registered_at ? 'default' : 'light'}
                            loading={setRegistered.isPending && setRegistered.variables?.userId === p.user_id}
                            onClick={() => toggle(p.user_id, !p.account!.registered_at)}
                          >
                            {p.account.registered_at ? '未登録に戻す' : '登録済にする'}
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm">
          口座番号は下3桁のみ表示します。変更するときは依頼書の内容をすべて入力し直します（銀行の登録は未登録に戻ります）。
          依頼書PDFは口座番号を全桁印字し、出力は監査ログに残ります。
        </Text>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`${editing?.name ?? ''}さんの口座`}
        size="lg"
        closeButtonProps={{ 'aria-label': '閉じる' }}
      >
        {editing && (
          <BankAccountForm
            facilityId={facilityId}
            userId={editing.id}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              showSuccess('口座を保存しました');
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
