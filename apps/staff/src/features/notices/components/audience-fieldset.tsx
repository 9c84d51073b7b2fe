import { Checkbox, Fieldset, Group, MultiSelect, Radio } from '@mantine/core';
import type { StaffChildListItem, StaffClass } from '@renraku/contract/staff';
import type { StaffFacility } from '../../../lib/staff-session';
import type { Recipients } from './send-preview-modal';

export type AudienceKind = 'facility' | 'classes' | 'children';

export interface AudienceValues {
  audience: AudienceKind;
  classIds: string[];
  childIds: string[];
}

const childName = (c: StaffChildListItem) => `${c.last_name} ${c.first_name}`;

/** The classes and enrolled children the caller may address (a 保育士: their own classes'). */
export function audienceOptions(facility: StaffFacility, classes: StaffClass[], children: StaffChildListItem[]) {
  const mine = (classId: number | null) =>
    facility.role !== 'class_staff' || (classId !== null && facility.class_ids.includes(classId));
  const enrolled = children.filter((c) => c.status === 'enrolled' && mine(c.class_id));
  return {
    classes: classes.filter((c) => mine(c.id)).map((c) => ({ value: String(c.id), label: c.name })),
    children: enrolled.map((c) => ({
      value: String(c.id),
      label: `${childName(c)}${c.class_name ? `（${c.class_name}）` : ''}`,
    })),
    enrolled,
  };
}

/** Who the audience reaches today, as the server addresses it: the enrolled children of the facility, classes or list. */
export function recipientsOf(values: AudienceValues, classes: StaffClass[], enrolled: StaffChildListItem[]): Recipients {
  if (values.audience === 'facility') return { label: '施設全体', children: enrolled };
  if (values.audience === 'classes') {
    const ids = values.classIds.map(Number);
    return {
      label: `クラス：${classes
        .filter((c) => ids.includes(c.id))
        .map((c) => c.name)
        .join('、')}`,
      children: enrolled.filter((c) => c.class_id !== null && ids.includes(c.class_id)),
    };
  }
  const ids = values.childIds.map(Number);
  const chosen = enrolled.filter((c) => ids.includes(c.id));
  return { label: `お子さま：${chosen.map(childName).join('、')}`, children: chosen };
}

/** 配信先: the facility (not for a 保育士), classes, or children. */
export function AudienceFieldset({
  values,
  onChange,
  classStaff,
  options,
  disabled,
}: {
  values: AudienceValues;
  onChange: (values: Partial<AudienceValues>) => void;
  classStaff: boolean;
  options: ReturnType<typeof audienceOptions>;
  disabled: boolean;
}) {
  return (
    <Fieldset legend="配信先" disabled={disabled}>
      <Radio.Group value={values.audience} onChange={(v) => onChange({ audience: v as AudienceKind })} aria-label="配信先">
        <Group gap="lg">
          {!classStaff && <Radio value="facility" label="施設全体" size="md" />}
          <Radio value="classes" label="クラス" size="md" />
          <Radio value="children" label="お子さまを選ぶ" size="md" />
        </Group>
      </Radio.Group>
      {values.audience === 'classes' && (
        <Checkbox.Group value={values.classIds} onChange={(v) => onChange({ classIds: v })} label="クラス" mt="sm">
          <Group gap="md" mt={4}>
            {options.classes.map((c) => (
              <Checkbox key={c.value} value={c.value} label={c.label} size="md" />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {values.audience === 'children' && (
        <MultiSelect
          label="お子さま"
          mt="sm"
          size="md"
          searchable
          data={options.children}
          value={values.childIds}
          onChange={(v) => onChange({ childIds: v })}
        />
      )}
    </Fieldset>
  );
}
