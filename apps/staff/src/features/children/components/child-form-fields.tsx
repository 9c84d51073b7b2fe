import { Checkbox, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { StaffChild } from '@renraku/contract/staff';
import type { FieldErrors } from '../../../lib/validate';

/** The form's values as typed (strings; '' for empty). */
export interface ChildFormValues {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  birth: string;
  sex: string | null;
  class_id: string | null;
  admitted_on: string;
  left_on: string;
  allergies: string;
  care_notes: string;
  /** Registered for 一時預かり only: no class. */
  temporary_only: boolean;
}

export const childFormFields = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'birth',
  'sex',
  'class_id',
  'admitted_on',
  'left_on',
  'allergies',
  'care_notes',
  'temporary_only',
] as const;

export const childFormValues = (child: StaffChild | null, today: string): ChildFormValues => ({
  last_name: child?.last_name ?? '',
  first_name: child?.first_name ?? '',
  last_name_kana: child?.last_name_kana ?? '',
  first_name_kana: child?.first_name_kana ?? '',
  birth: child?.birth ?? '',
  sex: child ? String(child.sex) : null,
  class_id: child?.class_id ? String(child.class_id) : null,
  admitted_on: child?.admitted_on ?? today,
  left_on: child?.left_on ?? '',
  allergies: child?.allergies ?? '',
  care_notes: child?.care_notes ?? '',
  temporary_only: child?.temporary_only ?? false,
});

/** The body `staffChildBody` checks (the schema turns the strings into numbers). */
export const childBodyOf = (values: ChildFormValues) => ({
  ...values,
  sex: values.sex ?? '',
  class_id: values.class_id ? Number(values.class_id) : null,
  left_on: values.left_on === '' ? null : values.left_on,
});

/** Every field of a child and its enrolment (`staffChildBody`), with Japanese labels. */
export function ChildFormFields({
  values,
  onChange,
  errors,
  classes,
}: {
  values: ChildFormValues;
  onChange: (values: ChildFormValues) => void;
  errors: FieldErrors;
  /** The classes a child can be put in (this 年度's, plus the child's own when it is of another). */
  classes: { id: number; name: string }[];
}) {
  const text = (field: keyof ChildFormValues) => ({
    value: (values[field] as string | null) ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...values, [field]: e.currentTarget.value }),
    error: errors[field],
  });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="姓" {...text('last_name')} maxLength={30} required data-autofocus />
        <TextInput label="名" {...text('first_name')} maxLength={30} required />
        <TextInput label="せい（ひらがな）" {...text('last_name_kana')} maxLength={30} required />
        <TextInput label="めい（ひらがな）" {...text('first_name_kana')} maxLength={30} required />
        <TextInput label="生年月日" type="date" {...text('birth')} required />
        <Select
          label="性別"
          placeholder="選択してください"
          data={[
            { value: '1', label: '男' },
            { value: '2', label: '女' },
          ]}
          value={values.sex}
          onChange={(sex) => onChange({ ...values, sex })}
          error={errors.sex}
          required
        />
        <TextInput label="入所日" type="date" {...text('admitted_on')} required />
        <TextInput label="退所日" type="date" description="退所が決まっているときだけ入力します" {...text('left_on')} />
        <Select
          label="クラス"
          placeholder={values.temporary_only ? '一時預かりのみ（クラスなし）' : '未所属'}
          data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.class_id}
          onChange={(classId) => onChange({ ...values, class_id: classId })}
          disabled={values.temporary_only}
          clearable
          clearButtonProps={{ 'aria-label': 'クラスの選択を消す' }}
          error={errors.class_id}
        />
      </SimpleGrid>
      <Checkbox
        label="一時預かりのみの利用（クラスに所属しない）"
        description="予約した日だけ登降園の受付に表示され、請求は一時預かりの料金だけになります"
        checked={values.temporary_only}
        onChange={(e) =>
          onChange({
            ...values,
            temporary_only: e.currentTarget.checked,
            class_id: e.currentTarget.checked ? null : values.class_id,
          })
        }
        error={errors.temporary_only}
        size="md"
      />
      <Textarea
        label="アレルギー"
        description="食物アレルギーなど。ない場合は空欄"
        autosize
        minRows={2}
        maxLength={1000}
        {...text('allergies')}
      />
      <Textarea
        label="配慮事項"
        description="持病、服薬、保育で気をつけることなど"
        autosize
        minRows={2}
        maxLength={2000}
        {...text('care_notes')}
      />
    </Stack>
  );
}
