import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RecordSlot } from '@renraku/contract/staff';
import { facilityPath } from '../../../lib/facility';
import { StateBadge } from './state-badge';

/**
 * One document's row in a class's lists (the 年間指導計画, each month's plans, 日誌 and 経過記録): its
 * label, state and approver, and 開く when it exists, else what the caller offers (書く, 作成…).
 */
export function SlotRow({
  facilityId,
  label,
  state,
  document,
  create,
  children,
}: {
  facilityId: number;
  label: string;
  state: RecordSlot['state'];
  document: Pick<NonNullable<RecordSlot['document']>, 'id' | 'approved'> | null;
  /** The button that makes the missing document (none for a reader). */
  create: ReactNode;
  /** A line under the row. */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{label}</Text>
          <StateBadge state={state} />
          {document?.approved && (
            <Text size="sm" c="dark.6">
              承認 {document.approved.by.name}
            </Text>
          )}
        </Group>
        {document ? (
          <Button
            component={Link}
            to={facilityPath(facilityId, `records/doc/${document.id}`)}
            size="md"
            variant="light"
            aria-label={`${label}を開く`}
          >
            開く
          </Button>
        ) : (
          create
        )}
      </Group>
      {children}
    </Paper>
  );
}
