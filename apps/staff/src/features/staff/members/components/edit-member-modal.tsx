import { Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { FormActions } from '../../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { slashDate } from '@renraku/contract/dates';
import { putStaffMember, type StaffMember } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../../components/alerts';
import { FormError } from '../../../../components/form-error';
import { useSetChief, useUpdateMember } from '../api';
import { validate, type FieldErrors } from '../../../../lib/validate';
import { readableErrors, serverFieldErrors } from '../../../../lib/form-errors';
import { memberName } from '../labels';
import { membershipBody, MembershipFields, type MembershipValues } from './membership-fields';

const FIELDS = ['role', 'class_ids', 'valid_until'] as const;

/** A membership's role, classes and last day (its start stays); its PIN reset and 「所属を終了」. Mounted while open. */
export function EditMemberModal({
  facilityId,
  member,
  classes,
  onClose,
  onResetPin,
  onEnd,
}: {
  facilityId: number;
  member: StaffMember;
  classes: { id: number; name: string }[];
  onClose: () => void;
  /** null on a tablet (the server resets PINs from the desktop only) or without a PIN. */
  onResetPin: (() => void) | null;
  onEnd: () => void;
}) {
  const update = useUpdateMember(facilityId);
  const chief = useSetChief(facilityId);
  const [isChief, setIsChief] = useState(member.is_chief);
  const toggleChief = () =>
    chief.mutate(
      { membershipId: member.membership_id, isChief: !isChief },
      {
        onSuccess: (saved) => {
          setIsChief(saved.is_chief);
          showSuccess(saved.is_chief ? `${memberName(saved)}さんを主任にしました` : `${memberName(saved)}さんの主任を外しました`);
        },
        onError: showFailure,
      },
    );
  const [values, setValues] = useState<MembershipValues>({
    role: member.role === 'company_admin' ? null : member.role,
    class_ids: member.class_ids.map(String),
    valid_until: member.valid_until ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = serverFieldErrors(update.error, FIELDS);
  const shown = Object.keys(errors).length > 0 ? errors : server.fields;
  // A class of another 年度 the person still has stays a choice until removed.
  const options = [
    ...classes,
    ...member.class_ids.filter((id) => !classes.some((c) => c.id === id)).map((id) => ({ id, name: 'ほかの年度のクラス' })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(putStaffMember.body!, membershipBody(values));
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    update.mutate(
      { membershipId: member.membership_id, body: checked.data },
      {
        onSuccess: (saved) => {
          showSuccess(`${memberName(saved)}さんの所属を更新しました`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${memberName(member)}さんを編集`}
      size="lg"
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="md">
          <FormError error={Object.keys(errors).length > 0 ? null : server.rest} />
          <Text size="sm">
            {member.email}／所属開始日: {slashDate(member.valid_from)}
          </Text>
          <MembershipFields values={values} onChange={setValues} errors={shown} classes={options} />
          <FormActions submit="保存する" pending={update.isPending} onCancel={onClose} />
        </Stack>
      </form>
      <Divider my="lg" />
      <Stack gap="sm" component="section" aria-labelledby="member-other-actions">
        <Title order={3} size="h5" id="member-other-actions">
          その他の操作
        </Title>
        {member.role === 'class_staff' && (
          <Text size="sm">
            主任は計画・記録の承認、シフト表と打刻の修正、配置の月次報告ができます。{isChief ? '（現在：主任）' : ''}
          </Text>
        )}
        <Group gap="sm">
          {member.role === 'class_staff' && (
            <Button variant="default" loading={chief.isPending} onClick={toggleChief} aria-pressed={isChief}>
              {isChief ? '主任を外す' : '主任にする'}
            </Button>
          )}
          {onResetPin && (
            <Button variant="default" onClick={onResetPin}>
              PINをリセット
            </Button>
          )}
          <Button color="red" variant="light" onClick={onEnd}>
            所属を終了
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
