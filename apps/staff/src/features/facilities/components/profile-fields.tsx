import { SimpleGrid, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { FieldErrors } from '../field-errors';

/** A facility's profile as its forms hold it: the times as typed ('' for none). */
export type ProfileValues = { name: string; address: string; phone: string; opening_time: string; closing_time: string };

export const emptyProfile: ProfileValues = { name: '', address: '', phone: '', opening_time: '', closing_time: '' };

/** The values as the contract's facilityProfileBody takes them: an empty time is none. */
export const profileBodyOf = (values: ProfileValues) => ({
  ...values,
  opening_time: values.opening_time || null,
  closing_time: values.closing_time || null,
});

/**
 * 施設名, 住所, 電話番号 and the opening hours, as 施設設定's 基本情報 and 「施設を追加」 ask them; `inModal`:
 * the dialog's larger inputs, the name focused when it opens.
 */
export function ProfileFields({
  values,
  errors,
  setValues,
  inModal = false,
}: {
  values: ProfileValues;
  errors: FieldErrors;
  setValues: Dispatch<SetStateAction<ProfileValues>>;
  inModal?: boolean;
}) {
  const set = (key: keyof ProfileValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  const size = inModal ? 'md' : undefined;
  return (
    <>
      <TextInput
        label="施設名"
        required
        size={size}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        maxLength={50}
        {...(inModal ? { 'data-autofocus': true } : { 'data-testid': 'facility-name' })}
      />
      <TextInput
        label="住所"
        size={size}
        value={values.address}
        onChange={set('address')}
        error={errors.address}
        maxLength={200}
      />
      <TextInput
        label="電話番号"
        size={size}
        type="tel"
        inputMode="tel"
        placeholder="03-1234-5678"
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        maxLength={20}
      />
      <SimpleGrid cols={inModal ? 2 : { base: 1, xs: 2 }} maw={inModal ? undefined : 400}>
        <TextInput
          label="開園時刻"
          size={size}
          type="time"
          value={values.opening_time}
          onChange={set('opening_time')}
          error={errors.opening_time}
        />
        <TextInput
          label="閉園時刻"
          size={size}
          type="time"
          value={values.closing_time}
          onChange={set('closing_time')}
          error={errors.closing_time}
        />
      </SimpleGrid>
    </>
  );
}
