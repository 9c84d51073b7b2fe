import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { NotEnrolled } from '../components/not-enrolled';
import { useCommunicationChildren } from '../components/use-communication-children';

const items = [
  { to: '/communications/message', label: '連絡帳を送る', note: '体温・睡眠・食事など、今日の様子を施設に伝えます' },
  { to: '/communications/attendance', label: '登園・お迎え時間の変更', note: '登園時間やお迎え時間が変わるときに連絡します' },
  { to: '/communications/absence', label: '欠席連絡', note: 'お休みする日と理由を連絡します' },
];

/** /communications: the menu, or the not-enrolled text (F §2). */
export function CommunicationsMenu() {
  const { list, isPending } = useCommunicationChildren();
  return (
    <Page title="施設への連絡">
      {isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <NotEnrolled />
      ) : (
        <Stack gap="sm" component="nav" aria-label="連絡の種類">
          {items.map((item) => (
            <Card key={item.to} component={Link} to={item.to} withBorder padding="md" data-qa="communications-link">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={700}>{item.label}</Text>
                  <Text size="sm" c="dimmed">
                    {item.note}
                  </Text>
                </Stack>
                <Text aria-hidden size="lg">
                  ›
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}
