import { Modal, Stack } from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { companyMessages, facilityProfileBody } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { otherError, serverFieldErrors, validate, type FieldErrors } from '../field-errors';
import { useCreateFacility } from '../company-api';
import { emptyProfile, profileBodyOf, ProfileFields } from './profile-fields';

/** 「施設を追加」: the new facility's profile, as 施設設定's 基本情報 asks it. */
export function FacilityFormModal({ companyId, opened, onClose }: { companyId: number; opened: boolean; onClose: () => void }) {
  const create = useCreateFacility(companyId);
  const [values, setValues] = useState(emptyProfile);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    onClose();
    create.reset();
    setValues(emptyProfile);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(facilityProfileBody, profileBodyOf(values));
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (facility) => {
        showSuccess(`${companyMessages.facilityCreated}：${facility.name}`);
        close();
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="施設を追加" size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={submit} noValidate aria-label="施設を追加">
        <Stack gap="md">
          <FormError error={otherError(create.error)} />
          <ProfileFields values={values} errors={errors} setValues={setValues} inModal />
          <FormActions submit="追加する" pending={create.isPending} onCancel={close} size="md" />
        </Stack>
      </form>
    </Modal>
  );
}
