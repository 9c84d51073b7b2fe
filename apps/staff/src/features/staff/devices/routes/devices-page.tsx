import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { showFailure, showSuccess } from '../../../../components/alerts';
import { confirm } from '../../../../components/confirm';
import { FormError } from '../../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../../components/page';
import { useFacility } from '../../../../lib/facility';
import { useClassesForDevices, useDevices, useRevokeDevice } from '../api';
import { AddDeviceModal } from '../components/add-device-modal';
import { DeviceTable } from '../components/device-table';

/**
 * `/staff/f/:facilityId/devices` (staff.md §1): the facility's shared tablets; a new one gets a
 * one-time pairing code to type on the tablet; 「登録解除」 ends its credential at once.
 */
export function DevicesPage() {
  const facility = useFacility();
  const devices = useDevices(facility.id);
  const classes = useClassesForDevices(facility.id);
  const revoke = useRevokeDevice(facility.id);
  const [adding, { open, close }] = useDisclosure(false);
  const classNames = new Map((classes.data ?? []).map((c) => [c.id, c.name]));

  const revokeDevice = async (device: { id: number; name: string }) => {
    const ok = await confirm({
      title: '端末の登録解除',
      message: `「${device.name}」を登録解除しますか？この端末ではすぐに操作できなくなります。もう一度使うには、端末を追加し直してください。`,
      confirmLabel: '登録解除する',
      danger: true,
    });
    if (!ok) return;
    revoke.mutate(device.id, { onSuccess: (data) => showSuccess(data.message), onError: showFailure });
  };

  return (
    <Page title="端末" actions={<Button onClick={open}>端末を追加</Button>}>
      <Text c="dimmed">クラスや玄関のタブレットを登録します。登録したタブレットでは、職員が自分のPINを入力して操作します。</Text>
      {devices.isPending ? (
        <Loading />
      ) : devices.error ? (
        <FormError error={devices.error} />
      ) : devices.data.length === 0 ? (
        <Text py="lg" ta="center">
          登録された端末はありません。「端末を追加」から登録してください。
        </Text>
      ) : (
        <DeviceTable
          devices={devices.data}
          classNames={classNames}
          onRevoke={(device) => void revokeDevice(device)}
          revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
        />
      )}
      <AddDeviceModal facilityId={facility.id} opened={adding} onClose={close} />
    </Page>
  );
}
