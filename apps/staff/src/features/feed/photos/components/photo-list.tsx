import { Alert, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ClassPhotos, PhotoPlacement } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../../components/alerts';
import { confirm } from '../../../../components/confirm';
import { useRemovePlacement } from '../api';

const placementLabel = (p: PhotoPlacement) => (p.child ? p.child.name : 'クラス全員');

/** The day's photos with where each is shown; a wrong tag is taken off with one tap and a confirmation. */
export function PhotoList({ day }: { day: ClassPhotos }) {
  const remove = useRemovePlacement(day.class.id, day.date);
  const onRemove = async (placement: PhotoPlacement) => {
    const ok = await confirm({
      title: '写真を外す',
      message: `この写真を「${placementLabel(placement)}」から外します。保護者の画面からも消えます。`,
      confirmLabel: '外す',
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await remove.mutateAsync(placement.file_id);
      showSuccess(message);
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        この日の写真（{day.photos.length}枚）
      </Title>
      {day.photos.length === 0 ? (
        <Alert color="gray">この日の写真はまだありません。</Alert>
      ) : (
        <SimpleGrid
          cols={{ base: 2, md: 3, xl: 4 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {day.photos.map((photo, index) => {
            const where = photo.placements.map(placementLabel).join('、');
            return (
              <Paper key={photo.id} component="li" withBorder radius="md" p="xs" aria-label={`写真${index + 1}（${where}）`}>
                <Stack gap={6}>
                  <Image src={photo.thumb_url} alt={`写真${index + 1}（${where}）`} h={140} fit="cover" radius="sm" />
                  {photo.placements.map((placement) => (
                    <Group key={placement.file_id} gap={6} justify="space-between" wrap="nowrap">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {placementLabel(placement)}
                        </Text>
                        <Badge
                          variant="light"
                          color={placement.visible ? 'teal' : 'gray'}
                          styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
                        >
                          {placement.visible ? '公開中' : '公開待ち'}
                        </Badge>
                      </Stack>
                      {day.can_remove && (
                        <Button
                          h={44}
                          px="xs"
                          variant="subtle"
                          color="red"
                          style={{ flexShrink: 0 }}
                          aria-label={`写真${index + 1}を${placementLabel(placement)}から外す`}
                          onClick={() => void onRemove(placement)}
                        >
                          外す
                        </Button>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
