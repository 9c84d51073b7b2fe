import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PickupPerson } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { TableScroll } from '../../../components/table-scroll';
import { useDeletePickupPerson, usePickupPersons } from '../api';
import { PickupPersonModal } from './pickup-person-modal';

/**
 * お迎え登録者 (staff.md §3): who may pick the child up. Roster roles add, edit (approving a guardian's
 * proposal) and remove them; every member sees them (each read audited).
 */
export function PickupSection({ childId, canWrite }: { childId: number; canWrite: boolean }) {
  const persons = usePickupPersons(childId);
  const remove = useDeletePickupPerson(childId);
  const [editing, setEditing] = useState<PickupPerson | 'new' | null>(null);

  const removePerson = async (person: PickupPerson) => {
    const ok = await confirm({
      title: 'お迎え登録者の削除',
      message: `${person.name}さん（${person.relation}）をお迎え登録者から削除しますか？`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(person.id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };

  return (
    <Paper component="section" aria-labelledby="pickup-title" withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="pickup-title">
            お迎え登録者
          </Title>
          {canWrite && (
            <Button variant="default" onClick={() => setEditing('new')}>
              お迎え登録者を追加
            </Button>
          )}
        </Group>
        {persons.isPending ? (
          <Loading />
        ) : persons.error ? (
          <FormError error={persons.error} />
        ) : persons.data.length === 0 ? (
          <Text>お迎え登録者はいません（保護者以外がお迎えに来るときに登録します）。</Text>
        ) : (
          <TableScroll label="お迎え登録者" minWidth={560}>
            <Table verticalSpacing="sm" data-testid="pickup-persons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">お名前</Table.Th>
                  <Table.Th scope="col">続柄</Table.Th>
                  <Table.Th scope="col">電話番号</Table.Th>
                  <Table.Th scope="col">状態</Table.Th>
                  {canWrite && (
                    <Table.Th scope="col">
                      <span className="visually-hidden">操作</span>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {persons.data.map((person) => (
                  <Table.Tr key={person.id}>
                    <Table.Th scope="row">{person.name}</Table.Th>
                    <Table.Td>{person.relation}</Table.Td>
                    <Table.Td>{person.phone || '—'}</Table.Td>
                    <Table.Td>
                      {person.status === 'approved' ? (
                        <Badge color="teal.9" variant="filled" radius="sm" miw="max-content">
                          登録済み
                        </Badge>
                      ) : (
                        <Badge color="red.9" variant="filled" radius="sm" miw="max-content">
                          保護者からの申請
                        </Badge>
                      )}
                    </Table.Td>
                    {canWrite && (
                      <Table.Td ta="right">
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button variant="default" onClick={() => setEditing(person)} aria-label={`${person.name}さんを編集`}>
                            {person.status === 'proposed' ? '確認' : '編集'}
                          </Button>
                          <Button
                            color="red"
                            variant="light"
                            onClick={() => void removePerson(person)}
                            aria-label={`${person.name}さんを削除`}
                          >
                            削除
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
      {editing !== null && (
        <PickupPersonModal
          childId={childId}
          person={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) showSuccess('お迎え登録者を保存しました');
          }}
        />
      )}
    </Paper>
  );
}
