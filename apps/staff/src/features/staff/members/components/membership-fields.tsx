import { MultiSelect, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../../../../lib/validate';
import { roleOptions } from '../labels';

export interface MembershipValues {
  role: string | null;
  class_ids: string[];
  valid_until: string;
}

/** The body's membership part (`putStaffMember` and the invite share it): classes for a 保育士 only. */
export const membershipBody = (values: MembershipValues) => ({
  role: values.role ?? undefined,
  class_ids: values.role === 'class_staff' ? values.class_ids.map(Number) : [],
  valid_until: values.valid_until === '' ? null : values.valid_until,
});

/** 役割, 担当クラス (保育士 only), then the period: the start (the invitation's field, when given) and 所属終了日. */
export function MembershipFields({
  values,
  onChange,
  errors,
  classes,
  startField,
}: {
  values: MembershipValues;
  onChange: (values: MembershipValues) => void;
  errors: FieldErrors;
  classes: { id: number; name: string }[];
  /** 所属開始日, before the end as people read a period (the invitation sets it; an edit keeps it). */
  startField?: ReactNode;
}) {
  return (
    <>
      <Select
        label="役割"
        placeholder="選択してください"
        description="園長: すべての操作／保育士: 担当クラスの記録／事務: 名簿の管理"
        data={roleOptions}
        value={values.role}
        onChange={(role) => onChange({ ...values, role })}
        allowDeselect={false}
        error={errors.role}
        required
      />
      {values.role === 'class_staff' && (
        <MultiSelect
          label="担当クラス"
          placeholder={values.class_ids.length ? undefined : '選択してください'}
          data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.class_ids}
          onChange={(classIds) => onChange({ ...values, class_ids: classIds })}
          error={errors.class_ids}
          size="md"
          clearable
          clearButtonProps={{ 'aria-label': '担当クラスの選択をすべて消す' }}
        />
      )}
      {startField}
      <TextInput
        label="所属終了日"
        description="決まっていなければ空欄"
        type="date"
        value={values.valid_until}
        onChange={(e) => onChange({ ...values, valid_until: e.currentTarget.value })}
        error={errors.valid_until}
      />
    </>
  );
}
