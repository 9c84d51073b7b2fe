import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { facilityMessages, facilityProfileBody, type FacilityProfile } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { useSaveProfile } from '../api';
import { otherError, serverFieldErrors, validate, type FieldErrors } from '../field-errors';
import { profileBodyOf, ProfileFields, type ProfileValues } from './profile-fields';

const valuesOf = (p: FacilityProfile): ProfileValues => ({
  name: p.name,
  address: p.address,
  phone: p.phone,
  opening_time: p.opening_time ?? '',
  closing_time: p.closing_time ?? '',
});

/** 基本情報: name, address, phone and opening hours (staff.md §3). */
export function ProfileForm({ profile }: { profile: FacilityProfile }) {
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveProfile(profile.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(facilityProfileBody, profileBodyOf(values));
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        showSuccess(facilityMessages.profileSaved);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="基本情報">
      <Stack gap="md" maw={720}>
        <ProfileFields values={values} errors={errors} setValues={setValues} />
        <FormError error={otherError(save.error)} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
