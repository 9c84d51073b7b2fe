import { Container, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useFacility } from '../../lib/facility';
import { usePageTitle } from '../../lib/page-title';
import { roleAbilities } from '../../lib/roles';

/** Screens for directors and company admins (devices, the audit log); others are told they may not. */
export function SetupOnly() {
  const facility = useFacility();
  return roleAbilities(facility.role).setup ? <Outlet /> : <Forbidden />;
}

function Forbidden() {
  usePageTitle('権限がありません');
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        権限がありません
      </Title>
      <Text>この画面は園長・法人管理者のみ利用できます。</Text>
    </Container>
  );
}
