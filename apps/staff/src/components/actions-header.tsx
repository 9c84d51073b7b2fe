import { Table } from '@mantine/core';

/** The header of a table's buttons column: named 「操作」 for screen readers, blank on the screen. */
export function ActionsHeader({ w }: { w?: number }) {
  return (
    <Table.Th scope="col" w={w}>
      <span className="visually-hidden">操作</span>
    </Table.Th>
  );
}
