import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { staffMessages } from '@renraku/contract/staff';
import { LoadFailure } from '../../../../components/load-failure';
import { Loading } from '@renraku/ui/loading';
import { deviceStartPath } from '../../../../lib/device-start';
import { takeResumePath } from '../../../../lib/resume-path';
import { PinPadNaps } from '../components/pin-pad-naps';
import { usePageTitle } from '../../../../lib/page-title';
import { useThisDevice } from '../api';
import { PinEntry } from '../components/pin-entry';
import { StaffPicker } from '../components/staff-picker';

/**
 * `/staff/pin` on a paired tablet (staff.md §1): pick your name, type your PIN, and the app opens
 * as you; every action records the person, not the device. The tablet comes back here when locked.
 */
export function PinPage() {
  usePageTitle('PINでロック解除');
  const device = useThisDevice();
  const navigate = useNavigate();
  const [person, setPerson] = useState<{ id: number; name: string } | null>(null);

  if (device.isPending) return <Loading />;
  if (device.error) return <LoadFailure onRetry={() => void device.refetch()} />;
  if (!device.data) {
    return (
      <Container size="sm" py={48}>
        <Stack align="center" gap="md">
          <Title order={1} size="h2">
            PINでロック解除
          </Title>
          <Text>{staffMessages.deviceRequired}。職員室のパソコンでペアリングコードを発行して、ペアリングしてください。</Text>
          <Button component={Link} to="/pair" size="lg">
            ペアリングする
          </Button>
        </Stack>
      </Container>
    );
  }

  const { device: thisDevice, staff } = device.data;
  // The gate kiosk needs no PIN (staff.md §6): it opens its own screen.
  if (thisDevice.purpose === 'kiosk') return <Navigate to="/kiosk" replace />;
  return (
    <Container size="md" py={32}>
      <Stack gap="xl">
        <Stack gap={4} align="center">
          <Text c="dimmed">
            {thisDevice.facility_name}・{thisDevice.name}
          </Text>
          <Title order={1} size="h2">
            {person ? 'PINを入力' : '職員を選んでください'}
          </Title>
        </Stack>
        <PinPadNaps />
        {person ? (
          <PinEntry
            person={person}
            onBack={() => setPerson(null)}
            onUnlocked={() =>
              void navigate(takeResumePath(thisDevice.facility_id) ?? deviceStartPath(thisDevice), { replace: true })
            }
          />
        ) : (
          <StaffPicker staff={staff} onPick={setPerson} />
        )}
      </Stack>
    </Container>
  );
}
