import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ActionsHeader } from '../../../components/actions-header';
import { relationTypes } from '@renraku/contract/client';
import type { ResponseOf } from '@renraku/contract/client';
import type { getStaffChildGuardians } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { dateTimeLabel } from '@renraku/ui/dates';
import { useChildGuardians, useUnlinkGuardian } from '../api';
import { TableScroll } from '../../../components/table-scroll';

type Guardian = ResponseOf<typeof getStaffChildGuardians>['linked'][number];

const guardianLabel = (guardian: Guardian) => guardian.name ?? guardian.email;

function LinkedGuardians({
  guardians,
  onUnlink,
  unlinkingId,
}: {
  guardians: Guardian[];
  onUnlink: ((guardian: Guardian) => void) | null;
  unlinkingId: number | null;
}) {
  if (guardians.length === 0) return <Text>紐付けられた保護者はいません。</Text>;
  return (
    <TableScroll label="紐付けられた保護者" minWidth={560}>
      <Table verticalSpacing="sm" data-testid="linked-guardians">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">保護者</Table.Th>
            <Table.Th scope="col">続柄</Table.Th>
            <Table.Th scope="col">権限</Table.Th>
            {onUnlink && <ActionsHeader />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {guardians.map((guardian) => (
            <Table.Tr key={guardian.id}>
              <Table.Th scope="row" fw={400}>
                <Text fw={700}>{guardian.name ?? '（名前未登録）'}</Text>
                <Text size="sm" c="dimmed">
                  {guardian.email}
                </Text>
              </Table.Th>
              <Table.Td>{relationTypes[guardian.relation] ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {guardian.main && (
                    <Badge color="brand.8" variant="filled" radius="sm" miw="max-content">
                      主保護者
                    </Badge>
                  )}
                  <Badge color={guardian.writable ? 'teal.9' : 'gray.7'} variant="filled" radius="sm" miw="max-content">
                    {guardian.writable ? '書き込み可' : '閲覧のみ'}
                  </Badge>
                </Group>
              </Table.Td>
              {onUnlink && (
                <Table.Td ta="right">
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => onUnlink(guardian)}
                    loading={unlinkingId === guardian.id}
                    aria-label={`${guardianLabel(guardian)}さんの紐付けを解除`}
                  >
                    紐付けを解除
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function PendingInvitations({ pending }: { pending: { email: string; invited_at: string }[] }) {
  if (pending.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        招待中（保護者がまだ承認していません）
      </Title>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }} data-testid="pending-invitations">
        {pending.map((invitation) => (
          <li key={invitation.email}>
            {invitation.email}（{dateTimeLabel(invitation.invited_at)} 招待）
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/**
 * The child's guardians (staff.md §3): linked ones with their main/writable badges, invitations not
 * yet accepted, and 「紐付けを解除」 (asking first, naming the guardian) for roster.write roles.
 */
export function GuardiansSection({ facilityId, childId, canWrite }: { facilityId: number; childId: number; canWrite: boolean }) {
  const guardians = useChildGuardians(childId);
  const unlink = useUnlinkGuardian(facilityId, childId);

  const unlinkGuardian = async (guardian: Guardian) => {
    const ok = await confirm({
      title: '保護者の紐付けを解除',
      message: `${guardianLabel(guardian)}さん（${guardian.email}）とこの園児の紐付けを解除しますか？この保護者はアプリでこの園児の情報を見られなくなります。`,
      confirmLabel: '紐付けを解除する',
      danger: true,
    });
    if (!ok) return;
    unlink.mutate(guardian.id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };

  return (
    <Paper component="section" aria-labelledby="guardians-title" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="guardians-title">
          保護者
        </Title>
        {guardians.isPending ? (
          <Loading />
        ) : guardians.error ? (
          <FormError error={guardians.error} />
        ) : (
          <>
            <LinkedGuardians
              guardians={guardians.data.linked}
              onUnlink={canWrite ? (guardian) => void unlinkGuardian(guardian) : null}
              unlinkingId={unlink.isPending ? (unlink.variables ?? null) : null}
            />
            <PendingInvitations pending={guardians.data.pending} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
