import { Button, Group, Table, Text } from '@mantine/core';
import { slashDate } from '@renraku/contract/dates';
import { staffRoleLabels, type StaffMember } from '@renraku/contract/staff';
import { memberName } from '../labels';
import { MemberSecurityBadges, MemberStatusBadge } from './member-badges';

export interface MemberActions {
  onEdit: (member: StaffMember) => void;
  onEnd: (member: StaffMember) => void;
  /** null on a tablet: the PIN is reset from the desktop only. */
  onResetPin: ((member: StaffMember) => void) | null;
}

const period = (member: StaffMember) =>
  `${slashDate(member.valid_from)} 〜 ${member.valid_until ? slashDate(member.valid_until) : ''}`;

/** What may be done to a membership: not one's own, not a company admin's (the company's), not an ended one. */
function RowActions({ member, selfId, actions }: { member: StaffMember; selfId: number; actions: MemberActions }) {
  const label = memberName(member);
  const manageable = member.user_id !== selfId && member.role !== 'company_admin' && member.status !== 'ended';
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {manageable && (
        <Button variant="light" onClick={() => actions.onEdit(member)} aria-label={`${label}さんを編集`}>
          編集
        </Button>
      )}
      {actions.onResetPin && member.pin_set && member.status !== 'ended' && (
        <Button variant="default" onClick={() => actions.onResetPin?.(member)} aria-label={`${label}さんのPINをリセット`}>
          PINをリセット
        </Button>
      )}
      {manageable && (
        <Button color="red" variant="light" onClick={() => actions.onEnd(member)} aria-label={`${label}さんの所属を終了`}>
          所属を終了
        </Button>
      )}
    </Group>
  );
}

/** The facility's staff: role, classes, 所属期間, status and sign-in set-up, with their actions. */
export function MemberTable({
  members,
  classNames,
  selfId,
  actions,
}: {
  members: StaffMember[];
  classNames: Map<number, string>;
  selfId: number;
  actions: MemberActions;
}) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" data-testid="member-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">名前</Table.Th>
            <Table.Th scope="col">役割</Table.Th>
            <Table.Th scope="col">担当クラス</Table.Th>
            <Table.Th scope="col">所属期間</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col">ログイン設定</Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">操作</span>
            </Table.Th>
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
              <Table.Td>{staffRoleLabels[member.role]}</Table.Td>
              <Table.Td>
                {member.role === 'class_staff'
                  ? member.class_ids.map((id) => classNames.get(id) ?? 'ほかの年度のクラス').join('、') || '未設定'
                  : 'すべて'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{period(member)}</Table.Td>
              <Table.Td>
                <MemberStatusBadge status={member.status} />
              </Table.Td>
              <Table.Td>
                <MemberSecurityBadges member={member} />
              </Table.Td>
              <Table.Td>
                <RowActions member={member} selfId={selfId} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
