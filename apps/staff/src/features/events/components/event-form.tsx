import { NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { staffEventBody, type StaffClass, type StaffEvent } from '@renraku/contract/staff';
import { FormActions } from '../../../components/form-actions';
import { FormError } from '../../../components/form-error';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useSaveEvent } from '../api';

export const WHOLE_FACILITY = '施設全体';

interface Props {
  facilityId: number;
  /** null: a new event on `date`. */
  event: StaffEvent | null;
  date: string;
  /** The targets the caller may write for: null = the whole facility. */
  targets: { classId: number | null; label: string }[];
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Adds or edits one 行事: date, name, target (the facility or a class) and details. */
export function EventForm({ facilityId, event, date, targets, onDone, onCancel }: Props) {
  const [fields, setFields] = useState({
    date: event?.date ?? date,
    name: event?.name ?? '',
    details: event?.details ?? '',
    target: String(event?.class?.id ?? targets[0]?.classId ?? ''),
  });
  const { errors, failure, check, fail } = useCheckedForm(['date', 'name', 'details', 'class_id']);
  const save = useSaveEvent(facilityId);
  const set = (key: keyof typeof fields) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      date: fields.date,
      name: fields.name,
      details: fields.details,
      class_id: fields.target ? Number(fields.target) : null,
    };
    const data = check(staffEventBody, body);
    if (!data) return;
    save.mutate(
      { id: event?.id ?? null, body: data },
      { onSuccess: () => onDone(event ? '行事を変更しました' : '行事を追加しました'), onError: fail },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={event ? '行事の変更' : '行事の追加'} style={readableErrors}>
      <Stack gap="sm">
        <FormError error={failure} />
        <TextInput label="日付" type="date" required size="md" value={fields.date} onChange={set('date')} error={errors.date} />
        <TextInput
          label="行事名"
          required
          size="md"
          value={fields.name}
          onChange={set('name')}
          error={errors.name}
          maxLength={50}
        />
        <NativeSelect
          label="対象"
          size="md"
          value={fields.target}
          onChange={set('target')}
          error={errors.class_id}
          data={targets.map((t) => ({ value: t.classId === null ? '' : String(t.classId), label: t.label }))}
        />
        <Textarea
          label="詳細"
          description="持ち物や時間など（保護者のカレンダー登録にも表示されます）"
          autosize
          minRows={3}
          size="md"
          value={fields.details}
          onChange={set('details')}
          error={errors.details}
          maxLength={1000}
        />
        <FormActions
          submit={event ? '変更する' : '追加する'}
          pending={save.isPending}
          onCancel={onCancel}
          size="md"
          gap="sm"
          mt="xs"
        />
      </Stack>
    </form>
  );
}

/** What the caller may target: directors, office, company admins the facility and every class; class staff their classes. */
export function targetsFor(classes: StaffClass[], role: string, ownClassIds: number[]) {
  const whole = role === 'class_staff' ? [] : [{ classId: null, label: WHOLE_FACILITY }];
  const mine = role === 'class_staff' ? classes.filter((c) => ownClassIds.includes(c.id)) : classes;
  return [...whole, ...mine.map((c) => ({ classId: c.id as number | null, label: c.name }))];
}
