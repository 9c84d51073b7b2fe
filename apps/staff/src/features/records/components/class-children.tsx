import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { ClassRecords } from '@renraku/contract/staff';
import { showFailure } from '../../../components/alerts';
import { isPairedDevice } from '../../../lib/device-flag';
import { facilityPath } from '../../../lib/facility';
import { useOpenProgress } from '../api';

/** One child of the class: its 経過記録 of the month (or its 期) and, on a desktop, its 児童票. */
function ChildRow({ facilityId, child, month }: { facilityId: number; child: { id: number; name: string }; month: string }) {
  const navigate = useNavigate();
  const open = useOpenProgress(child.id);
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{child.name}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="md"
            variant="light"
            loading={open.isPending}
            aria-label={`${child.name}さんの経過記録`}
            onClick={() =>
              open.mutate(month, {
                onSuccess: (doc) => navigate(facilityPath(facilityId, `records/doc/${doc.document.id}`)),
                onError: showFailure,
              })
            }
          >
            経過記録
          </Button>
          {/* The 児童票 holds contacts and health history: a desktop's (records-child-records.md). */}
          {!isPairedDevice() && (
            <Button
              component={Link}
              to={facilityPath(facilityId, `records/child/${child.id}`)}
              size="md"
              variant="default"
              aria-label={`${child.name}さんの児童票`}
            >
              児童票
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The class's children: each one's record (records.md §2; issue 33). */
export function ClassChildren({ facilityId, data }: { facilityId: number; data: ClassRecords }) {
  if (data.children.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        経過記録・児童票
      </Title>
      {data.children.map((child) => (
        <ChildRow key={child.id} facilityId={facilityId} child={child} month={data.month} />
      ))}
    </Stack>
  );
}
