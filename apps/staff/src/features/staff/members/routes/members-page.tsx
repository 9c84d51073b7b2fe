import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffMember } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../../components/alerts';
import { confirm } from '../../../../components/confirm';
import { FormError } from '../../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../../components/page';
import { useFacility } from '../../../../lib/facility';
import { useStaffMe } from '../../../../lib/staff-session';
import { useClassesForMembers, useEndMember, useMembers, useResetPin } from '../api';
import { EditMemberModal } from '../components/edit-member-modal';
import { InviteMemberModal } from '../components/invite-member-modal';
import { MemberTable } from '../components/member-table';
import { memberName } from '../labels';

/**
 * `/staff/f/:facilityId/members` (staff.md §3 "Staff", directors and company admins): the
 * facility's staff, 「職員を招待」, a membership's edit with its 「PINをリセット」 and 「所属を終了」.
 */
export function MembersPage() {
  const facility = useFacility();
  const { data: me } = useStaffMe();
  const members = useMembers(facility.id);
  const classes = useClassesForMembers(facility.id);
  const endMember = useEndMember(facility.id);
  const resetPin = useResetPin(facility.id);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const classList = (classes.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  const classNames = new Map(classList.map((c) => [c.id, c.name]));
  // The dialog closes before the question is asked.
  const closeAnd = (member: StaffMember, next: (member: StaffMember) => Promise<void>) => () => {
    setEditing(null);
    void next(member);
  };

  const end = async (member: StaffMember) => {
    const ok = await confirm({
      title: '所属を終了',
      message: `${memberName(member)}さんの所属を終了しますか？今日から、この施設の画面やタブレットを使えなくなります。`,
      confirmLabel: '所属を終了する',
      danger: true,
    });
    if (ok) endMember.mutate(member.membership_id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };

  const reset = async (member: StaffMember) => {
    const ok = await confirm({
      title: 'PINをリセット',
      message: `${memberName(member)}さんのPINをリセットしますか？タブレットで操作中の場合はすぐにロックされ、本人が職員室のパソコンでPINを設定し直すまでタブレットを使えません。`,
      confirmLabel: 'リセットする',
      danger: true,
    });
    if (ok) resetPin.mutate(member.user_id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };

  return (
    <Page title="職員" size="xl" actions={<Button onClick={() => setInviting(true)}>職員を招待</Button>}>
      {members.isPending || !me ? (
        <Loading />
      ) : members.error ? (
        <FormError error={members.error} />
      ) : members.data.length === 0 ? (
        <Text py="lg" ta="center">
          職員はまだ登録されていません。
        </Text>
      ) : (
        <MemberTable members={members.data} classNames={classNames} selfId={me.user.id} onEdit={setEditing} />
      )}
      {inviting && <InviteMemberModal facilityId={facility.id} classes={classList} onClose={() => setInviting(false)} />}
      {editing && (
        <EditMemberModal
          facilityId={facility.id}
          member={editing}
          classes={classList}
          onClose={() => setEditing(null)}
          // The server resets PINs from the desktop only.
          onResetPin={editing.pin_set && !me?.device ? closeAnd(editing, reset) : null}
          onEnd={closeAnd(editing, end)}
        />
      )}
    </Page>
  );
}
