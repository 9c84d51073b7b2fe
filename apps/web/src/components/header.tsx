import { ActionIcon, Avatar, Group, Paper } from '@mantine/core';
import { Link, useMatches, useNavigate } from 'react-router';
import { BackIcon, HomeIcon, QrIcon } from './icons';

/** Which header options a route shows; set in the route table's `handle.header`. */
export interface HeaderFlags {
  back?: boolean;
  home?: boolean;
  qr?: boolean;
  settings?: boolean;
}

const DEFAULT_FLAGS: HeaderFlags = { back: true, home: true, qr: true, settings: true };

interface HeaderProps {
  avatarUrl: string | null;
  userName: string | null;
  /** A2: the QR link only when the user has a child and a current enrolment. */
  showQr: boolean;
}

export function Header({ avatarUrl, userName, showQr }: HeaderProps) {
  const navigate = useNavigate();
  const matches = useMatches();
  const flags =
    [...matches]
      .reverse()
      .map((m) => (m.handle as { header?: HeaderFlags } | undefined)?.header)
      .find(Boolean) ?? DEFAULT_FLAGS;

  return (
    <Paper component="header" shadow="xs" radius={0} px="xs" py={6} pos="sticky" top={0} style={{ zIndex: 100 }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4}>
          {flags.back && (
            <ActionIcon variant="subtle" color="dark" size="lg" aria-label="戻る" onClick={() => navigate(-1)}>
              <BackIcon />
            </ActionIcon>
          )}
          {flags.home && (
            <ActionIcon component={Link} to="/main/" variant="subtle" color="dark" size="lg" aria-label="ホーム">
              <HomeIcon />
            </ActionIcon>
          )}
        </Group>
        <Group gap={4}>
          {flags.qr && showQr && (
            <ActionIcon component={Link} to="/main/qr" variant="subtle" color="dark" size="lg" aria-label="登降園QRコード">
              <QrIcon />
            </ActionIcon>
          )}
          {flags.settings && (
            <ActionIcon component={Link} to="/users/setting" variant="subtle" size="lg" radius="xl" aria-label="マイページ">
              <Avatar src={avatarUrl} alt="" size={30} radius="xl" color="brand">
                {userName?.slice(0, 1)}
              </Avatar>
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
