import { Anchor, Avatar, Button, Group, Indicator, NavLink, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@renraku/contract/client';
import { showFailure } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { Caution } from '../../../components/caution';
import { CameraIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PhotoUpload } from '../../../components/photo-upload';
import { idpUrl } from '../../../lib/idp';
import { useOperator } from '../../../lib/operator';
import { useCurrentUser, useLogout } from '../../../lib/session';
import { useChildren } from '../../../lib/children';
import { useAvailableFunctions, useUploadUserImage } from '../api';
import { ChildrenSorter } from '../components/children-sorter';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title}`;
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={2} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Item({ to, label, external }: { to: string; label: string; external?: boolean }) {
  return external ? (
    <NavLink component="a" href={to} target="_blank" rel="noopener noreferrer" label={label} />
  ) : (
    <NavLink component={Link} to={to} label={label} />
  );
}

/** /users/setting: my page (A §2). */
export function SettingsPage() {
  const user = useCurrentUser();
  const operator = useOperator();
  const navigate = useNavigate();
  const logout = useLogout();
  const { children, isPending } = useChildren();
  const functions = useAvailableFunctions();
  const uploadImage = useUploadUserImage();
  if (!user || isPending) return <Loading />;
  const activated = children.filter((c) => c.pivot.activated === true);
  const hasChildren = activated.length > 0;
  const available = new Set(functions.data ?? []);

  return (
    <Page title="マイページ">
      <Section title="施設との連絡">
        <Paper withBorder radius="md">
          {available.has('notice') && <Item to="/notices" label="お知らせ" />}
          {available.has('schedule') && hasChildren && <Item to="/schedules/children" label="翌月登園予定登録" />}
          {available.has('body_measurement') && <Item to="/growths/children" label="成長記録" />}
          {available.has('event') && <Item to="/events/children" label="行事予定" />}
          {hasChildren && <Item to="/communications" label="保護者から施設へ（連絡帳）" />}
          {/* 請求: the main and writable guardians see the family's statements (spec/billing.md §6). */}
          {activated.some((c) => c.pivot.main || c.pivot.writable) && <Item to="/billing" label="請求" />}
          {!hasChildren && available.size === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              利用できる機能はありません
            </Text>
          )}
        </Paper>
      </Section>

      <Section title="お子さま情報の変更・保護者の追加">
        {hasChildren ? (
          <ChildrenSorter children={activated} />
        ) : (
          <Caution title="お子さま情報が登録されていません">
            <Text size="sm">
              施設から届いたお子さま登録のURLから登録してください。
              <Anchor href={operator.usage_guide_url} target="_blank" rel="noopener noreferrer" size="sm">
                ご利用マニュアル
              </Anchor>
            </Text>
          </Caution>
        )}
      </Section>

      <Section title="保護者情報">
        <Paper withBorder radius="md" p="sm">
          <Group wrap="nowrap">
            <PhotoUpload
              upload={uploadImage}
              trigger={(props) => (
                <UnstyledButton {...props} aria-label="プロフィール画像を変更" style={{ borderRadius: '50%' }}>
                  {/* The camera badge says the avatar can be tapped to change it. */}
                  <Indicator
                    label={<CameraIcon width={12} height={12} />}
                    size={20}
                    position="bottom-end"
                    offset={6}
                    color="gray.7"
                    withBorder
                  >
                    <Avatar src={user.image_url} alt="" radius="xl" size="lg" color="brand">
                      {(user.name ?? user.email).slice(0, 1)}
                    </Avatar>
                  </Indicator>
                </UnstyledButton>
              )}
            />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600}>{user.name ?? '（未設定）'}</Text>
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="md">
          <Item to="/users/setting/name" label="お名前の変更" />
          {user.idp && (
            <>
              <Item to={idpUrl(operator, 'change-email', '/users/setting')} label="メールアドレスの変更" external />
              <Item to={idpUrl(operator, 'change-password', '/users/setting')} label="パスワードの変更" external />
            </>
          )}
        </Paper>
      </Section>

      <Section title="設定">
        <Paper withBorder radius="md">
          <Item to="/notification_settings" label="メール通知設定" />
        </Paper>
      </Section>

      <Section title="その他">
        <Paper withBorder radius="md">
          <Item to={operator.usage_guide_url} label="使い方ガイド" external />
          <Item to="/privacy" label="プライバシーポリシー" />
          <Item to="/terms" label="利用規約" />
          <Item to="/corporate" label="運営会社" />
        </Paper>
      </Section>

      <Button
        variant="default"
        loading={logout.isPending}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            // Rendered at once (the session's change reaches the screens a task later, lib/session.ts),
            // so the signed-in guard never sees the signed-out user here and adds a referrer_path.
            onSuccess: () => navigate('/login', { replace: true, flushSync: true }),
            onError: () => showFailure(messages.logoutFailed),
          })
        }
      >
        ログアウト
      </Button>
    </Page>
  );
}
