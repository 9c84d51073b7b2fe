import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { postStaffMember, staffMessages } from '@renraku/contract/staff';
import { showSuccess } from '../../../../components/alerts';
import { FormError } from '../../../../components/form-error';
import { todayInTokyo } from '@renraku/ui/dates';
import { useInviteMember } from '../api';
import { validate, type FieldErrors } from '../../../../lib/validate';
import { readableErrors, serverFieldErrors } from '../../../../lib/form-errors';
import { membershipBody, MembershipFields, type MembershipValues } from './membership-fields';

const FIELDS = ['email', 'name', 'role', 'class_ids', 'valid_from', 'valid_until'] as const;

/**
 * 「職員を招待」: the person's email and name, role, classes and 所属期間. The server mails them
 * (a link to set a password when the address has no ID yet). Mounted while open.
 */
export function InviteMemberModal({
  facilityId,
  classes,
  onClose,
}: {
  facilityId: number;
  classes: { id: number; name: string }[];
  onClose: () => void;
}) {
  const invite = useInviteMember(facilityId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [validFrom, setValidFrom] = useState(todayInTokyo());
  const [membership, setMembership] = useState<MembershipValues>({ role: null, class_ids: [], valid_until: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = serverFieldErrors(invite.error, FIELDS);
  const shown = Object.keys(errors).length > 0 ? errors : server.fields;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffMember.body!, { email, name, valid_from: validFrom, ...membershipBody(membership) });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    invite.mutate(checked.data, {
      onSuccess: () => {
        showSuccess(staffMessages.memberInvited);
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title="職員を招待" size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="md">
          <Text size="sm">
            招待メールを送ります。はいチーズ！IDをお持ちでない方には、パスワードを設定するためのリンクが届きます。
          </Text>
          <FormError error={Object.keys(errors).length > 0 ? null : server.rest} />
          <TextInput
            label="メールアドレス"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={shown.email}
            required
            data-autofocus
          />
          <TextInput
            label="お名前"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={shown.name}
            maxLength={50}
            required
          />
          <MembershipFields
            values={membership}
            onChange={setMembership}
            errors={shown}
            classes={classes}
            startField={
              <TextInput
                label="所属開始日"
                type="date"
                value={validFrom}
                onChange={(e) => setValidFrom(e.currentTarget.value)}
                error={shown.valid_from}
                required
              />
            }
          />
          <FormActions submit="招待する" pending={invite.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
