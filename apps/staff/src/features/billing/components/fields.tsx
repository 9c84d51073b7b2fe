import { NumberInput, TextInput, type NumberInputProps } from '@mantine/core';

/** An amount of yen (integer, not negative) as the billing forms ask it: 1,000円. */
export function YenInput(props: Omit<NumberInputProps, 'size' | 'allowDecimal' | 'thousandSeparator' | 'suffix'>) {
  return (
    <NumberInput size="md" min={0} allowDecimal={false} allowNegative={false} thousandSeparator="," suffix="円" {...props} />
  );
}

/** The month a dated rule or a charge starts from (`YYYY-MM`). */
export function MonthInput({
  label = '適用開始月',
  value,
  onChange,
  error,
  required,
  maw,
}: {
  label?: string;
  value: string;
  onChange: (month: string) => void;
  error?: string;
  required?: boolean;
  maw?: number;
}) {
  return (
    <TextInput
      label={label}
      type="month"
      size="md"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required={required}
      maw={maw}
    />
  );
}
