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

// Short values stay on one line; the free texts and the errors wrap.
const longColumns = new Set<string>(['アレルギー', '配慮事項']);
const wrapping = { whiteSpace: 'normal', minWidth: 160 } as const;

/** Every CSV row as read, by its line in the file; a row with errors is marked and lists them. */
export function ImportPreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    // Focusable and named: a keyboard scrolls the rows (they hold no control of their own).
    <Table.ScrollContainer minWidth={1000} maxHeight={560} type="native" tabIndex={0} role="region" aria-label="取り込む内容">
      <Table verticalSpacing={6} stickyHeader withColumnBorders style={{ whiteSpace: 'nowrap' }} data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">行</Table.Th>
            <Table.Th scope="col" miw={300}>
              エラー
            </Table.Th>
            {childrenCsvColumns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
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
                <Table.Td style={{ whiteSpace: 'normal' }}>
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
                {childrenCsvColumns.map((column) => (
                  <Table.Td
                    key={column}
                    style={{ ...(columnHasError(row, column) ? errorCell : {}), ...(longColumns.has(column) ? wrapping : {}) }}
                  >
                    {row.values[column] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
