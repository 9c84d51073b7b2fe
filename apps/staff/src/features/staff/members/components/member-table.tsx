import { Button, Group, Table, Text } from '@mantine/core';
import { ActionsHeader } from '../../../../components/actions-header';
import { slashDate } from '@renraku/contract/dates';
import { staffRoleLabels, type StaffMember } from '@renraku/contract/staff';
import { memberName } from '../labels';
import { ChiefBadge, MemberSecurityBadges, MemberStatusBadge } from './member-badges';
import { TableScroll } from '../../../../components/table-scroll';

/**
 * 所属期間 as a person reads it: 「4/1 〜」, 「4/1 〜 3/31」; a membership ended before it began
 * (its last day is the day before its first) has no period: 「11/27 開始前に終了」.
 */
export const periodLabel = (member: Pick<StaffMember, 'valid_from' | 'valid_until'>) => {
  const from = slashDate(member.valid_from);
  if (member.valid_until === null) return `${from} 〜`;
  if (member.valid_until < member.valid_from) return `${from} 開始前に終了`;
  return `${from} 〜 ${slashDate(member.valid_until)}`;
};

/** A membership the caller may change: not their own, not a company admin's (the company's), not an ended one. */
export const isManageable = (member: StaffMember, selfId: number) =>
  member.user_id !== selfId && member.role !== 'company_admin' && member.status !== 'ended';

/** The facility's staff: role, classes, 所属期間, status and sign-in set-up, with their actions. */
export function MemberTable({
  members,
  classNames,
  selfId,
  onEdit,
}: {
  members: StaffMember[];
  classNames: Map<number, string>;
  selfId: number;
  /** 「編集」: role, classes, last day; PIN reset and 「所属を終了」 are in its dialog. */
  onEdit: (member: StaffMember) => void;
}) {
  return (
    <TableScroll label="職員一覧" minWidth={960}>
      <Table verticalSpacing="sm" data-testid="member-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">名前</Table.Th>
            <Table.Th scope="col">役割</Table.Th>
            <Table.Th scope="col">担当クラス</Table.Th>
            <Table.Th scope="col">所属期間</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col">ログイン設定</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.membership_id} data-testid={`member-${member.email}`}>
              <Table.Th scope="row" fw={400}>
                <Text fw={700}>{member.name ?? '（名前未登録）'}</Text>
                <Text size="sm" c="dimmed">
                  {member.email}
                </Text>
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={6} wrap="nowrap">
                  {staffRoleLabels[member.role]}
                  {member.is_chief && <ChiefBadge />}
                </Group>
              </Table.Td>
              <Table.Td>
                {member.role === 'class_staff'
                  ? member.class_ids.map((id) => classNames.get(id) ?? 'ほかの年度のクラス').join('、') || '未設定'
                  : 'すべて'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{periodLabel(member)}</Table.Td>
              <Table.Td>
                <MemberStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>
                <MemberSecurityBadges member={member} />
              </Table.Td>
              <Table.Td ta="right">
                {isManageable(member, selfId) && (
                  <Button variant="light" onClick={() => onEdit(member)} aria-label={`${memberName(member)}さんを編集`}>
                    編集
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
