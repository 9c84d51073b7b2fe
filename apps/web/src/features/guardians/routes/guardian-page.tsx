import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { guardianMessages } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useConstants, useCurrentUser } from '../../../lib/session';
import { relationLabel } from '../../../lib/relation-label';
import { idFrom } from '@renraku/ui';
import { useLoadFailure } from '../../../components/use-load-failure';
import { useChangeMain, useDetach, useToggleWritable, useChildUser } from '../api';

/** /children/{childId}/users/{userId}: one guardian; the main guardian manages the others (A §2). */
export function GuardianPage() {
  const params = useParams();
  const childId = idFrom(params.childId);
  const userId = idFrom(params.userId);
  if (childId === null || userId === null) return <NotFound />;
  return <GuardianDetail childId={childId} userId={userId} />;
}

function GuardianDetail({ childId, userId }: { childId: number; userId: number }) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const constants = useConstants();
  const query = useChildUser(childId, userId);
  const toggle = useToggleWritable();
  const detach = useDetach();
  const changeMain = useChangeMain();
  useLoadFailure(query.error, '/users/setting');
  if (!query.data) return <Loading />;
  const { user, child } = query.data;
  const isSelf = me?.id === user.id;
  const canManage = child.pivot.main && !isSelf;
  const busy = toggle.isPending || detach.isPending || changeMain.isPending;
  const displayName = user.name ?? user.email;
  const pair = { childId, userId };

  const onToggle = async () => {
    const message = user.pivot.writable
      ? `${displayName}さんを閲覧のみに変更しますか？`
      : `${displayName}さんが書き込みできるように変更しますか？`;
    if (!(await confirm({ title: '権限の変更', message }))) return;
    toggle.mutate(pair, { onSuccess: () => showSuccess(guardianMessages.permissionChanged), onError: (e) => showFailure(e) });
  };
  const onDetach = async () => {
    if (
      !(await confirm({
        title: '保護者の解除',
        message: `${displayName}さんを${child.first_name}さんの保護者から解除しますか？`,
        confirmLabel: '解除する',
        danger: true,
      }))
    )
      return;
    detach.mutate(pair, {
      onSuccess: () => {
        showSuccess('保護者の登録を解除しました');
        navigate(`/children/${childId}`, { replace: true });
      },
      onError: (e) => showFailure(e),
    });
  };
  const onChangeMain = async () => {
    if (
      !(await confirm({
        title: '代表者の変更',
        message: `${displayName}さんを代表者に設定しますか？あなたは代表者ではなくなります。`,
      }))
    )
      return;
    changeMain.mutate(pair, { onSuccess: () => showSuccess('代表者を変更しました'), onError: (e) => showFailure(e) });
  };

  return (
    <Page title="保護者情報">
      <Paper withBorder p="md" radius="md">
        <Group wrap="nowrap">
          <Avatar src={user.image_url} alt="" size={64} radius={64} color="brand">
            {displayName.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {displayName}
            </Text>
            <Group gap={6}>
              <Text size="sm">{`続柄：${relationLabel(constants.relation_types, user.pivot.type)}`}</Text>
              {user.pivot.main && (
                <Badge size="sm" variant="filled">
                  代表者
                </Badge>
              )}
            </Group>
            <Text size="sm">{user.pivot.writable ? '権限：書き込み可' : '権限：閲覧のみ'}</Text>
          </Stack>
        </Group>
      </Paper>

      {isSelf && (
        <Anchor component={Link} to={`/children/${childId}/users/${userId}/change/type`}>
          続柄を変更する
        </Anchor>
      )}

      {canManage && (
        <Stack gap="sm">
          {!user.pivot.main && (
            <Button variant="outline" onClick={onToggle} disabled={busy}>
              {user.pivot.writable ? '閲覧のみに変更する' : '書き込みできるように変更する'}
            </Button>
          )}
          {!user.pivot.main && (
            <Button variant="outline" onClick={onChangeMain} disabled={busy}>
              代表者に設定する
            </Button>
          )}
          <Button variant="outline" color="red.9" onClick={onDetach} disabled={busy}>
            保護者の登録を解除する
          </Button>
        </Stack>
      )}
    </Page>
  );
}
