import { Modal, Stack } from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { fiscalYearOf } from '@renraku/contract/dates';
import { messages } from '@renraku/contract/client/messages';
import { staffChildBody, type StaffChild, type StaffChildInput } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { todayInTokyo } from '@renraku/ui/dates';
import { useClasses } from '../api';
import { validate, type FieldErrors } from '../../../lib/validate';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { ChildFormFields, childBodyOf, childFormFields, childFormValues } from './child-form-fields';

/**
 * 「園児を登録」 or a child's edit: the form checks with the server's schema first, then shows the
 * server's own messages (birth in the future, a class not of the facility) under their fields.
 * Mounted while open, so that each opening starts from the child's values.
 */
export function ChildFormModal({
  facilityId,
  child,
  title,
  submitLabel,
  mutation,
  onClose,
}: {
  facilityId: number;
  /** The child to edit, or null for a new one. */
  child: StaffChild | null;
  title: string;
  submitLabel: string;
  mutation: {
    mutate: (body: StaffChildInput, options: { onSuccess: (child: StaffChild) => void }) => void;
    error: unknown;
    isPending: boolean;
  };
  onClose: (saved: StaffChild | null) => void;
}) {
  const today = todayInTokyo();
  const classes = useClasses(facilityId, fiscalYearOf(today));
  const [values, setValues] = useState(() => childFormValues(child, today));
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = serverFieldErrors(mutation.error, childFormFields);
  // The form's own check found something: its messages, not an earlier answer's.
  const checkedLocally = Object.keys(errors).length > 0;
  const options = (classes.data ?? []).map((c) => ({ id: c.id, name: c.name }));
  // A child of an earlier 年度's class keeps it as a choice until moved.
  if (child?.class_id && child.class_name && !options.some((c) => c.id === child.class_id))
    options.push({ id: child.class_id, name: child.class_name });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(staffChildBody, childBodyOf(values));
    setErrors(checked.errors ?? {});
    if (checked.data) mutation.mutate(checked.data, { onSuccess: (saved) => onClose(saved) });
  };

  return (
    <Modal opened onClose={() => onClose(null)} title={title} size="xl" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="md">
          <FormError error={checkedLocally ? messages.invalidInput : server.rest} />
          <ChildFormFields
            values={values}
            onChange={setValues}
            errors={checkedLocally ? errors : server.fields}
            classes={options}
          />
          <FormActions submit={submitLabel} pending={mutation.isPending} onCancel={() => onClose(null)} />
        </Stack>
      </form>
    </Modal>
  );
}
