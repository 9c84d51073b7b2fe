import { TextInput } from '@mantine/core';

/** The day the message is about (`YYYY-MM-DD`, the phone's date picker). */
export function DayInput({
  value,
  onChange,
  min,
  max,
  label = '日付',
  qa,
}: {
  value: string;
  onChange: (v: string) => void;
  min?: string;
  max?: string;
  label?: string;
  qa?: string;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      min={min}
      max={max}
      data-qa={qa}
      onChange={(e) => {
        if (e.currentTarget.value) onChange(e.currentTarget.value);
      }}
    />
  );
}
