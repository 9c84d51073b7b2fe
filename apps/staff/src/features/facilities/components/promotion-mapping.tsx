import { NativeSelect, Table } from '@mantine/core';
import type { StaffClass } from '@renraku/contract/staff';

/** A class's choice: '' (not chosen yet), 'leave' (卒園・退園) or the next class's id. */
export type Mapping = Record<number, string>;
export const LEAVE = 'leave';

const ageLabel = (band: number | null) => (band === null ? '異年齢' : `${band}歳児`);

/**
 * The likely next class of each class: the next year's class one age band up; the 5歳児 class
 * graduates. Anything else is left for the director to choose.
 */
export function defaultMapping(from: StaffClass[], next: StaffClass[]): Mapping {
  return Object.fromEntries(
    from.map((c) => {
      if (c.age_band === 5) return [c.id, LEAVE];
      const up = c.age_band === null ? undefined : next.find((n) => n.age_band === c.age_band! + 1);
      const same = next.find((n) => n.name === c.name);
      return [c.id, String((up ?? same)?.id ?? '')];
    }),
  );
}

/** One row per class of the year with its next class (a select: the next year's classes or 卒園・退園). */
export function PromotionMapping({
  from,
  next,
  toYear,
  mapping,
  onChange,
  errors,
}: {
  from: StaffClass[];
  next: StaffClass[];
  toYear: number;
  mapping: Mapping;
  onChange: (classId: number, value: string) => void;
  errors: Record<number, string>;
}) {
  const options = [
    { value: '', label: '選択してください' },
    ...next.map((n) => ({ value: String(n.id), label: `${n.name}（${toYear}年度・${ageLabel(n.age_band)}）` })),
    { value: LEAVE, label: '卒園・退園（3月31日で退所）' },
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder verticalSpacing="xs" data-testid="promotion-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>クラス</Table.Th>
            <Table.Th w={100}>年齢</Table.Th>
            <Table.Th w={380}>進級先</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {from.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td fw={600}>{c.name}</Table.Td>
              <Table.Td>{ageLabel(c.age_band)}</Table.Td>
              <Table.Td>
                <NativeSelect
                  size="md"
                  aria-label={`${c.name}の進級先`}
                  value={mapping[c.id] ?? ''}
                  onChange={(e) => onChange(c.id, e.currentTarget.value)}
                  data={options}
                  error={errors[c.id]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
