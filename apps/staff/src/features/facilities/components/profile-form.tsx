import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { facilityMessages, facilityProfileBody, type FacilityProfile } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { useSaveProfile } from '../api';
import { serverFieldErrors, validate, type FieldErrors } from '../field-errors';

type Fields = { name: string; address: string; phone: string; opening_time: string; closing_time: string };

const fieldsOf = (p: FacilityProfile): Fields => ({
  name: p.name,
  address: p.address,
  phone: p.phone,
  opening_time: p.opening_time ?? '',
  closing_time: p.closing_time ?? '',
});

/** 基本情報: name, address, phone and opening hours (staff.md §3). */
export function ProfileForm({ profile }: { profile: FacilityProfile }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveProfile(profile.id);

  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
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
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setFields(fieldsOf(saved));
        showSuccess(facilityMessages.profileSaved);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="基本情報">
      <Stack gap="md" maw={720}>
        <TextInput
          label="施設名"
          required
          value={fields.name}
          onChange={set('name')}
          error={errors.name}
          maxLength={50}
          data-testid="facility-name"
        />
        <TextInput label="住所" value={fields.address} onChange={set('address')} error={errors.address} maxLength={200} />
        <TextInput
          label="電話番号"
          type="tel"
          inputMode="tel"
          placeholder="03-1234-5678"
          value={fields.phone}
          onChange={set('phone')}
          error={errors.phone}
          maxLength={20}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={400}>
          <TextInput
            label="開園時刻"
            type="time"
            value={fields.opening_time}
            onChange={set('opening_time')}
            error={errors.opening_time}
          />
          <TextInput
            label="閉園時刻"
            type="time"
            value={fields.closing_time}
            onChange={set('closing_time')}
            error={errors.closing_time}
          />
        </SimpleGrid>
        {save.isError && Object.keys(serverFieldErrors(save.error)).length === 0 && <FormError error={save.error} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
