import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { companyMessages, facilityProfileBody } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { ApiRequestError } from '@renraku/ui/api';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useCreateFacility } from '../company-api';

const empty = { name: '', address: '', phone: '', opening_time: '', closing_time: '' };

/** The server's field errors of a 422 (the first per field). */
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiRequestError && error.body.errors
    ? Object.fromEntries(Object.entries(error.body.errors).map(([field, list]) => [field, list[0]]))
    : {};

/** 「施設を追加」: the new facility's profile, as 施設設定's 基本情報 asks it. */
export function FacilityFormModal({ companyId, opened, onClose }: { companyId: number; opened: boolean; onClose: () => void }) {
  const create = useCreateFacility(companyId);
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    onClose();
    create.reset();
    setFields(empty);
    setErrors({});
  };

  const set = (key: keyof typeof empty) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(facilityProfileBody, {
      ...fields,
      opening_time: fields.opening_time || null,
      closing_time: fields.closing_time || null,
    });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    create.mutate(checked.data, {
      onSuccess: (facility) => {
        showSuccess(`${companyMessages.facilityCreated}：${facility.name}`);
        close();
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="施設を追加" size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <form onSubmit={submit} noValidate aria-label="施設を追加">
        <Stack gap="md">
          <FormError error={create.error && Object.keys(fieldErrorsOf(create.error)).length === 0 ? create.error : null} />
          <TextInput
            label="施設名"
            required
            size="md"
            value={fields.name}
            onChange={set('name')}
            error={errors.name}
            maxLength={50}
            data-autofocus
          />
          <TextInput
            label="住所"
            size="md"
            value={fields.address}
            onChange={set('address')}
            error={errors.address}
            maxLength={200}
          />
          <TextInput
            label="電話番号"
            size="md"
            type="tel"
            inputMode="tel"
            placeholder="03-1234-5678"
            value={fields.phone}
            onChange={set('phone')}
            error={errors.phone}
            maxLength={20}
          />
          <SimpleGrid cols={2}>
            <TextInput
              label="開園時刻"
              size="md"
              type="time"
              value={fields.opening_time}
              onChange={set('opening_time')}
              error={errors.opening_time}
            />
            <TextInput
              label="閉園時刻"
              size="md"
              type="time"
              value={fields.closing_time}
              onChange={set('closing_time')}
              error={errors.closing_time}
            />
          </SimpleGrid>
          <FormActions submit="追加する" pending={create.isPending} onCancel={close} size="md" />
        </Stack>
      </form>
    </Modal>
  );
}
