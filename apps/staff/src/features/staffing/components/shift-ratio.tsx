import { Table, Text } from '@mantine/core';
import { weekdayOf } from '@renraku/contract/dates';
import type { ShiftRatio } from '@renraku/contract/staff';

type Short = ShiftRatio['days'][number]['short'][number];

const dayLabel = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8))}日（${weekdayOf(date)}）`;
const rangeLabel = (s: Short) => `${s.name} ${s.start}〜${s.end} 保育士${s.staff}人／必要${s.required}人`;
/** The range that lacks the most: the figure a day's cell shows. */
const worst = (short: Short[]) => short.reduce((a, b) => (b.required - b.staff > a.required - a.staff ? b : a));

/**
 * シフト表's last row (staffing.md §3 "slots short of staff are red before publishing"): per day the
 * planned ratio from the table × the children's planned times; a day short of staff is red with the
 * worst figure (保育士／必要), redrawn after each tapped cell.
 */
export function ShiftRatioRow({ dates, ratio }: { dates: string[]; ratio: ShiftRatio | undefined }) {
  const byDate = new Map(ratio?.days.map((d) => [d.date, d.short]));
  return (
    <Table.Tr data-testid="shift-ratio-row">
      <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
        配置（予定）
      </Table.Th>
      {dates.map((date) => {
        const short = byDate.get(date);
        const day = Number(date.slice(8));
        if (!short) return <Table.Td key={date} data-testid={`ratio-${date}`} aria-label={`${day}日：計算中`} />;
        if (short.length === 0)
          return (
            <Table.Td
              key={date}
              ta="center"
              c="teal.9"
              data-testid={`ratio-${date}`}
              data-short="false"
              aria-label={`${day}日：配置基準を満たしています`}
            >
              ○
            </Table.Td>
          );
        const w = worst(short);
        return (
          <Table.Td
            key={date}
            ta="center"
            bg="red.8"
            c="white"
            fw={700}
            data-testid={`ratio-${date}`}
            data-short="true"
            title={short.map(rangeLabel).join('\n')}
            aria-label={`${day}日：保育士が足りない時間帯 ${short.length}件（${short.map(rangeLabel).join('、')}）`}
          >
            {w.staff}/{w.required}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** The short ranges of the month under the table: day, room, time and the figures. */
export function ShiftShortList({ ratio }: { ratio: ShiftRatio }) {
  const rows = ratio.days.flatMap((d) => d.short.map((s) => ({ date: d.date, ...s })));
  if (rows.length === 0)
    return (
      <Text c="teal.9" fw={700} data-testid="shift-short-list">
        予定のシフトはすべての日・時間帯で配置基準を満たしています。
      </Text>
    );
  return (
    <section aria-labelledby="shift-short-title" data-testid="shift-short-list">
      <Text id="shift-short-title" fw={700} c="red.9">
        保育士が足りない時間帯（予定）：{rows.length}件
      </Text>
      <Table fz="sm" withTableBorder maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">日付</Table.Th>
            <Table.Th scope="col">クラス</Table.Th>
            <Table.Th scope="col">時間</Table.Th>
            <Table.Th scope="col">園児</Table.Th>
            <Table.Th scope="col">保育士／必要</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.date}-${r.class_id}-${r.start}`}>
              <Table.Td>{dayLabel(r.date)}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                {r.start}〜{r.end}
              </Table.Td>
              <Table.Td>{r.children}人</Table.Td>
              <Table.Td c="red.9" fw={700}>
                {r.staff}人／{r.required}人
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
