import { Badge } from '@mantine/core';
import type { StaffChildListItem } from '@renraku/contract/staff';
import { childStatusLabels } from '../labels';

// Dark shades: the badges' white text keeps 4.5:1.
const colors: Record<StaffChildListItem['status'], string> = { enrolled: 'teal.9', upcoming: 'blue.8', left: 'gray.7' };

/** 在籍 / 入所予定 / 退所 on the request's day. */
export function ChildStatusBadge({ status }: { status: StaffChildListItem['status'] }) {
  return (
    <Badge color={colors[status]} variant="filled" size="lg" radius="sm" miw="max-content">
      {childStatusLabels[status]}
    </Badge>
  );
}
