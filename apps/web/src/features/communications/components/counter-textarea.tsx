import { Text, Textarea, type TextareaProps } from '@mantine/core';

/** A text area with its live counter `current/max` (F §5). */
export function CounterTextarea({ value, max, ...props }: Omit<TextareaProps, 'value'> & { value: string; max: number }) {
  const length = [...value].length;
  return (
    <div>
      <Textarea
        autosize
        minRows={3}
        value={value}
        error={length > max ? `${max}文字以内で入力してください` : undefined}
        {...props}
      />
      <Text size="xs" c={length > max ? 'red.8' : 'dimmed'} ta="right" aria-live="polite">
        {length}/{max}
      </Text>
    </div>
  );
}
