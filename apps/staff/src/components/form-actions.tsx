import { Button, Group, type GroupProps } from '@mantine/core';

/** A form's buttons at its end: キャンセル (where the form can be left) and the submit button, loading while it is sent. */
export function FormActions({
  submit,
  pending,
  onCancel,
  size,
  ...group
}: {
  submit: string;
  pending: boolean;
  onCancel?: () => void;
  size?: 'md';
} & Omit<GroupProps, 'justify' | 'children'>) {
  return (
    <Group justify="flex-end" {...group}>
      {onCancel && (
        <Button variant="default" size={size} onClick={onCancel}>
          キャンセル
        </Button>
      )}
      <Button type="submit" size={size} loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}
