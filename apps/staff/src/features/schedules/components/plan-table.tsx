import { Button, Group, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { monthDayLabel } from '@renraku/contract/dates';
import type { PlanDay } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';

/** The month's plan, a row per day; a day's children open under it. */
export function PlanTable({ days }: { days: PlanDay[] }) {
  const [openDay, setOpenDay] = useState<string | null>(null);
  return (
    <TableScroll label="日別の予定" minWidth={720}>
      <Table withTableBorder verticalSpacing="xs" data-testid="plan-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>日付</Table.Th>
            <Table.Th>登園予定</Table.Th>
            <Table.Th>欠席</Table.Th>
            <Table.Th>未登録</Table.Th>
            <Table.Th>最も早い登園</Table.Th>
            <Table.Th>最も遅い降園</Table.Th>
            <Table.Th>延長保育</Table.Th>
            <Table.Th>
              <span className="visually-hidden">園児</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Fragment key={day.date}>
              <Table.Tr bg={day.open ? undefined : 'gray.1'} data-testid={`plan-${day.date}`}>
                <Table.Td>
                  {monthDayLabel(day.date)}
                  {!day.open && (
                    <Text span size="sm" c="dark.6">
                      {' '}
                      休園
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{day.expected}人</Table.Td>
                <Table.Td>{day.absent}人</Table.Td>
                <Table.Td>{day.unregistered > 0 ? <Text c="red.9">{day.unregistered}人</Text> : '0人'}</Table.Td>
                <Table.Td>{day.earliest_arrival ?? '—'}</Table.Td>
                <Table.Td>{day.latest_leaving ?? '—'}</Table.Td>
                <Table.Td>{day.extended}人</Table.Td>
                <Table.Td>
                  {day.children.length > 0 && (
                    <Button
                      variant="subtle"
                      size="md"
                      aria-expanded={openDay === day.date}
                      aria-label={`${monthDayLabel(day.date)}の園児`}
                      onClick={() => setOpenDay(openDay === day.date ? null : day.date)}
                    >
                      {openDay === day.date ? '閉じる' : '園児'}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
              {openDay === day.date && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Group gap="xs" wrap="wrap">
                      {day.children.map((c) => (
                        <Text key={c.id} size="sm" component="span" style={{ minWidth: 220 }}>
                          {c.name}（{c.class_name ?? 'クラスなし'}）：
                          {c.is_absent ? '欠席' : `${c.attendance_time}〜${c.leaving_time}`}
                          {c.extended ? ' 延長' : ''}
                        </Text>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
