import { Button, Group, Text } from '@mantine/core';
import { fiscalYearLabel } from '../labels';

/** 「前年度」 2026年度 「翌年度」: the 年度 whose classes are shown. */
export function FiscalYearSwitcher({
  year,
  currentYear,
  onChange,
}: {
  year: number;
  currentYear: number;
  onChange: (year: number) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label="年度の切り替え">
      <Button variant="default" onClick={() => onChange(year - 1)} aria-label={`前年度（${fiscalYearLabel(year - 1)}）`}>
        ‹ 前年度
      </Button>
      <Text fw={700} size="lg" miw={110} ta="center" aria-live="polite" data-testid="fiscal-year">
        {fiscalYearLabel(year)}
        {year === currentYear && (
          <Text span size="sm" fw={400} c="dimmed">
            （今年度）
          </Text>
        )}
      </Text>
      <Button variant="default" onClick={() => onChange(year + 1)} aria-label={`翌年度（${fiscalYearLabel(year + 1)}）`}>
        翌年度 ›
      </Button>
      {year !== currentYear && (
        <Button variant="subtle" onClick={() => onChange(currentYear)}>
          今年度に戻る
        </Button>
      )}
    </Group>
  );
}
