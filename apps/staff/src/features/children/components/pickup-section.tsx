import { Avatar, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { useState } from 'react';
import type { PickupPerson } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { TableScroll } from '../../../components/table-scroll';
import { useDeletePickupPerson, usePickupPersons, useSavePickupPerson } from '../api';
import { PickupPersonModal } from './pickup-person-modal';

/**
 * お迎え登録者 (staff.md §3): who may pick the child up, with their photo for the gate. Roster roles
 * add, edit and remove them, and answer a guardian's proposal with 承認 (the edit call, unchanged
 * values) or 却下 (removal); every member sees them (each read audited).
 */
export function PickupSection({ childId, canWrite }: { childId: number; canWrite: boolean }) {
  const persons = usePickupPersons(childId);
  const remove = useDeletePickupPerson(childId);
  const approve = useSavePickupPerson(childId);
  // By id, so that the dialog shows the list's fresh row (its photo changes while it is open).
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const editedPerson = editing === 'new' ? null : (persons.data?.find((p) => p.id === editing) ?? null);

  const removePerson = async (person: PickupPerson) => {
    const ok = await confirm({
      title: 'お迎え登録者の削除',
      message: `${person.name}さん（${person.relation}）をお迎え登録者から削除しますか？`,
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(person.id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };
  const approvePerson = async (person: PickupPerson) => {
    const ok = await confirm({
      title: 'お迎え登録者の申請を承認',
      message: `${person.name}さん（${person.relation}）をお迎え登録者として承認しますか？保護者のアプリに「登録済み」と表示されます。`,
      confirmLabel: '承認する',
    });
    const body = { name: person.name, relation: person.relation, phone: person.phone };
    if (ok)
      approve.mutate(
        { id: person.id, body },
        { onSuccess: () => showSuccess(`${person.name}さんを承認しました`), onError: showFailure },
      );
  };
  const rejectPerson = async (person: PickupPerson) => {
    const ok = await confirm({
      title: 'お迎え登録者の申請を却下',
      message: `${person.name}さん（${person.relation}）の申請を却下しますか？申請は削除されます。`,
      confirmLabel: '却下する',
      danger: true,
    });
    if (ok) remove.mutate(person.id, { onSuccess: () => showSuccess('申請を却下しました'), onError: showFailure });
  };
  const proposals = persons.data?.filter((p) => p.status === 'proposed').length ?? 0;

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
        {proposals > 0 && (
          <Text c="red.9" fw={700}>
            保護者からの申請が{proposals}件あります。内容を確かめて、承認または却下してください。
          </Text>
        )}
        {persons.isPending ? (
          <Loading />
        ) : persons.error ? (
          <FormError error={persons.error} />
        ) : persons.data.length === 0 ? (
          <Text>お迎え登録者はいません（保護者以外がお迎えに来るときに登録します）。</Text>
        ) : (
          <TableScroll label="お迎え登録者" minWidth={720}>
            <Table verticalSpacing="sm" data-testid="pickup-persons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">写真</Table.Th>
                  <Table.Th scope="col">お名前</Table.Th>
                  <Table.Th scope="col">続柄</Table.Th>
                  <Table.Th scope="col">電話番号</Table.Th>
                  <Table.Th scope="col">状態</Table.Th>
                  {canWrite && <ActionsHeader />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {persons.data.map((person) => (
                  <Table.Tr key={person.id} bg={person.status === 'proposed' ? 'red.0' : undefined}>
                    <Table.Td>
                      <Avatar
                        src={person.image_url}
                        alt={person.image_url ? `${person.name}さんの写真` : undefined}
                        size={48}
                        radius="xl"
                        color="brand"
                      >
                        {person.name.slice(0, 1)}
                      </Avatar>
                    </Table.Td>
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
                          {person.status === 'proposed' ? (
                            <>
                              <Button
                                color="teal.9"
                                onClick={() => void approvePerson(person)}
                                aria-label={`${person.name}さんを承認`}
                              >
                                承認
                              </Button>
                              <Button
                                color="red"
                                variant="light"
                                onClick={() => void rejectPerson(person)}
                                aria-label={`${person.name}さんの申請を却下`}
                              >
                                却下
                              </Button>
                              <Button
                                variant="default"
                                onClick={() => setEditing(person.id)}
                                aria-label={`${person.name}さんを編集`}
                              >
                                編集
                              </Button>
                            </>
                          ) : (
                            <>
                              <Button
                                variant="default"
                                onClick={() => setEditing(person.id)}
                                aria-label={`${person.name}さんを編集`}
                              >
                                編集
                              </Button>
                              <Button
                                color="red"
                                variant="light"
                                onClick={() => void removePerson(person)}
                                aria-label={`${person.name}さんを削除`}
                              >
                                削除
                              </Button>
                            </>
                          )}
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
      {(editing === 'new' || editedPerson) && (
        <PickupPersonModal
          childId={childId}
          person={editedPerson}
          onClose={(saved) => {
            setEditing(null);
            if (saved) showSuccess('お迎え登録者を保存しました');
          }}
        />
      )}
    </Paper>
  );
}
