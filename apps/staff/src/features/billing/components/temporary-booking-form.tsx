import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { temporaryBookingInput } from '@renraku/contract/staff';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useTemporaryBookingWrites } from '../temporary-api';

/** A 一時預かり booking: the child, a day from today and the planned times (billing-temporary-care.md). */
export function TemporaryBookingForm({
  facilityId,
  day,
  children,
  onDone,
}: {
  facilityId: number;
  day: string;
  children: { id: number; name: string }[];
  onDone: () => void;
}) {
  const [f, setF] = useState({ child_id: '', date: day, start: '09:00', end: '12:00' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { book } = useTemporaryBookingWrites(facilityId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { ...f, child_id: f.child_id === '' ? Number.NaN : Number(f.child_id) };
    const checked = validate(temporaryBookingInput, body);
    setFailure(null);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    book.mutate(checked.data, {
      onSuccess: () => {
        setF({ ...f, child_id: '' });
        onDone();
      },
      onError: (error) => {
        const split = serverFieldErrors(error, Object.keys(f));
        setErrors(split.fields);
        setFailure(split.rest);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="一時預かりの予約" style={readableErrors}>
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
          <TextInput
            label="予約日"
            type="date"
            size="md"
            value={f.date}
            onChange={(e) => setF({ ...f, date: e.currentTarget.value })}
            error={errors.date}
            required
          />
          <TextInput
            label="開始（予定）"
            type="time"
            size="md"
            value={f.start}
            onChange={(e) => setF({ ...f, start: e.currentTarget.value })}
            error={errors.start}
            required
          />
          <TextInput
            label="終了（予定）"
            type="time"
            size="md"
            value={f.end}
            onChange={(e) => setF({ ...f, end: e.currentTarget.value })}
            error={errors.end}
            required
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={book.isPending}>
            予約する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
