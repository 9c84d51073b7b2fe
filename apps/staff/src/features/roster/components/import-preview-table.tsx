import { List, Table, Text } from '@mantine/core';
import type { ResponseOf } from '@renraku/contract/client';
import { childrenCsvColumns, type postStaffChildrenImportPreview } from '@renraku/contract/staff';

type PreviewRow = ResponseOf<typeof postStaffChildrenImportPreview>['rows'][number];

/** The server prefixes a row's message with its column (「生年月日：…」): that cell is marked too. */
const columnHasError = (row: PreviewRow, column: string) => row.errors.some((error) => error.startsWith(`${column}：`));

const errorCell = {
  background: 'var(--mantine-color-red-1)',
  outline: '2px solid var(--mantine-color-red-7)',
  outlineOffset: -2,
};

/** Every CSV row as read, by its line in the file; a row with errors is marked and lists them. */
export function ImportPreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <Table.ScrollContainer minWidth={1200} maxHeight={560}>
      <Table verticalSpacing={6} stickyHeader withColumnBorders data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">行</Table.Th>
            {childrenCsvColumns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            <Table.Th scope="col" miw={260}>
              エラー
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <Table.Tr
                key={row.line}
                bg={bad ? 'red.0' : undefined}
                data-testid={`import-row-${row.line}`}
                data-invalid={bad || undefined}
              >
                <Table.Th scope="row">{row.line}行目</Table.Th>
                {childrenCsvColumns.map((column) => (
                  <Table.Td key={column} style={columnHasError(row, column) ? errorCell : undefined}>
                    {row.values[column] ?? ''}
                  </Table.Td>
                ))}
                <Table.Td>
                  {bad ? (
                    <List size="sm" c="red.9" spacing={2}>
                      {row.errors.map((error) => (
                        <List.Item key={error}>{error}</List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm" c="teal.9">
                      OK
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
