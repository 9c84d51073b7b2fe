import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { PhotoUpload } from '../../../components/photo-upload';
import { useConstants } from '../../../lib/session';
import { useChild } from '../../../lib/children';
import { relationLabel } from '../../../lib/relation-label';
import { idFrom } from '@renraku/ui';
import { useLoadFailure } from '../../../components/use-load-failure';
import { useUploadChildImage } from '../api';

/** /children/{id}: the child, its photo and its guardians (A §2 Children area). */
export function ChildPage() {
  const id = idFrom(useParams().id);
  if (id === null) return <NotFound />;
  return <ChildInfo id={id} />;
}

function ChildInfo({ id }: { id: number }) {
  const child = useChild(id);
  const constants = useConstants();
  const upload = useUploadChildImage(id);
  useLoadFailure(child.error, '/users/setting');
  if (!child.data) return <Loading />;
  const c = child.data;
  const isMain = c.pivot.main;

  return (
    <Page title="お子さま情報">
      <Stack align="center" gap="xs">
        <Avatar src={c.image_url} alt={`${c.first_name}さんの写真`} size={120} radius={120} color="brand">
          {c.first_name.slice(0, 1)}
        </Avatar>
        <Text size="xs" c="dimmed">
          {`${c.last_name_kana} ${c.first_name_kana}`}
        </Text>
        <Text fw={700} size="lg">{`${c.last_name} ${c.first_name}`}</Text>
        {c.facility_name && <Text size="sm">{c.facility_name}</Text>}
        {c.pivot.writable && (
          <PhotoUpload
            upload={upload}
            trigger={(props) => (
              <Button {...props} size="xs" variant="outline">
                写真を変更する
              </Button>
            )}
          />
        )}
        {isMain && (
          <Anchor component={Link} to={`/children/${id}/edit`} size="sm">
            お名前を変更する
          </Anchor>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="guardians-heading">
        <Title order={2} size="h5" id="guardians-heading">
          保護者
        </Title>
        <Stack gap={6}>
          {c.users.map((guardian) => (
            <Paper
              key={guardian.id}
              component={Link}
              to={`/children/${id}/users/${guardian.id}`}
              withBorder
              p="sm"
              radius="md"
              style={{ textDecoration: 'none', color: 'inherit' }}
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar src={guardian.image_url} alt="" radius="xl" color="brand">
                  {(guardian.name ?? guardian.email).slice(0, 1)}
                </Avatar>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {guardian.name ?? guardian.email}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {relationLabel(constants.relation_types, guardian.pivot.type)}
                    </Text>
                    {guardian.pivot.main && (
                      <Badge size="sm" color="brand" variant="filled">
                        代表者
                      </Badge>
                    )}
                    {!guardian.pivot.writable && (
                      <Badge size="sm" color="gray" variant="light">
                        閲覧のみ
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
        {isMain && (
          <Button component={Link} to={`/users/${id}/invite`} variant="light">
            保護者を追加する
          </Button>
        )}
        <Text size="xs" c="dimmed">
          ※代表者の方は、お子さま情報の編集や保護者の追加・管理など、すべての操作ができます。
        </Text>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="pickup-heading">
        <Title order={2} size="h5" id="pickup-heading">
          お迎え
        </Title>
        <Button component={Link} to={`/children/${id}/pickup-persons`} variant="light">
          お迎え登録者
        </Button>
        {isMain && (
          <Button component={Link} to={`/children/${id}/pickup-codes`} variant="light">
            お迎えコード
          </Button>
        )}
        <Text size="xs" c="dimmed">
          ※保護者の方以外がお迎えに行くときは、代表者の方が申請し、施設の承認後に登録されます。急なお迎えには、代表者の方がその日だけ使えるお迎えコードを発行できます。
        </Text>
      </Stack>

      {isMain && (
        <Stack gap="xs" component="section" aria-labelledby="export-heading">
          <Title order={2} size="h5" id="export-heading">
            データのダウンロード
          </Title>
          <Button component={Link} to={`/children/${id}/export`} variant="light">
            写真と連絡帳の記録をダウンロード
          </Button>
        </Stack>
      )}
    </Page>
  );
}
