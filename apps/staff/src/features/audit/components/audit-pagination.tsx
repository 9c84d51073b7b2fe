import { Group, Pagination, Text } from '@mantine/core';

/** The page numbers under the log, with the count; nothing when it fits on one page. */
export function AuditPagination({
  total,
  perPage,
  page,
  onChange,
}: {
  total: number;
  perPage: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" wrap="wrap">
      <Text aria-live="polite">
        全{total}件{total > 0 && `（${first}〜${last}件目）`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          aria-label="ページ"
          getItemProps={(n) => ({ 'aria-label': `${n}ページ目` })}
          getControlProps={(control) => ({
            'aria-label': { first: '最初のページ', last: '最後のページ', previous: '前のページ', next: '次のページ' }[control],
          })}
        />
      )}
    </Group>
  );
}
