import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/form-actions';
import { readableErrors } from '../../../lib/form-errors';
import { useCheckedForm } from '../../../lib/use-checked-form';
import type { Schema } from '../../../lib/validate';

/** A child's 一時預かり day as a form sends it: the child, the day and the times. */
export interface TemporaryDay {
  child_id: number;
  date: string;
  start: string;
  end: string;
}

const FIELDS = ['child_id', 'date', 'start', 'end'] as const;

/**
 * The 一時預かり page's two forms (billing-temporary-care.md): a use the staff record and a booking
 * ahead; the same fields, each with its own words, schema and call.
 */
export function TemporaryDayForm({
  day,
  children,
  schema,
  send,
  texts,
  onDone,
}: {
  day: string;
  children: { id: number; name: string }[];
  schema: Schema<TemporaryDay>;
  send: {
    mutate: (body: TemporaryDay, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  texts: { form: string; date: string; start: string; end: string; submit: string };
  onDone: () => void;
}) {
  const [f, setF] = useState({ child_id: '', date: day, start: '09:00', end: '12:00' });
  const { errors, failure, check, fail } = useCheckedForm(FIELDS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check(schema, { ...f, child_id: f.child_id === '' ? Number.NaN : Number(f.child_id) });
    if (!body) return;
    send.mutate(body, {
      onSuccess: () => {
        setF({ ...f, child_id: '' });
        onDone();
      },
      onError: fail,
    });
  };
  const time = (key: 'date' | 'start' | 'end', type: 'date' | 'time') => (
    <TextInput
      label={texts[key]}
      type={type}
      size="md"
      value={f[key]}
      onChange={(e) => setF({ ...f, [key]: e.currentTarget.value })}
      error={errors[key]}
      required
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={texts.form} style={readableErrors}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label="園児"
            size="md"
            data={children.map((c) => ({ value: String(c.id), label: c.name }))}
            value={f.child_id || null}
            onChange={(v) => setF({ ...f, child_id: v ?? '' })}
            error={errors.child_id}
            searchable
            required
          />
          {time('date', 'date')}
          {time('start', 'time')}
          {time('end', 'time')}
        </SimpleGrid>
        <FormActions submit={texts.submit} pending={send.isPending} size="md" />
      </Stack>
    </form>
  );
}
