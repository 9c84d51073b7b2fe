import { Container, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { staffMessages } from '@renraku/contract/staff';
import { usePageTitle } from '../../lib/page-title';
import { useStaffMe } from '../../lib/staff-session';

/**
 * Screens that manage (roster, notices, events, schedules, setup, the company): a tablet's PIN
 * session does the day's work only, the server answers these calls 403
 * (docs/decisions/access-device-sessions.md), so the tablet says so instead of failing.
 */
export function DesktopOnly() {
  const { data: me } = useStaffMe();
  return me?.device ? <NotOnTablet /> : <Outlet />;
}

function NotOnTablet() {
  usePageTitle('パソコンからご利用ください');
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        パソコンからご利用ください
      </Title>
      <Text>{staffMessages.desktopOnly}。職員室のパソコンでサインインしてから開いてください。</Text>
    </Container>
  );
}
