import { Button, Table, Text } from '@mantine/core';
import { ActionsHeader } from '../../../../components/actions-header';
import type { ResponseOf } from '@renraku/contract/client';
import { KIOSK_SKEW_WARN_MS, type getStaffDevices } from '@renraku/contract/staff';
import { TableScroll } from '../../../../components/table-scroll';
import { dateTimeLabel } from '@renraku/ui/dates';
import { DeviceStatus } from './device-status';

type Device = ResponseOf<typeof getStaffDevices>[number];

/** 「端末の時計が N分ずれています」 when a tablet's clock was more than a minute off at its last sync (staff.md §6). */
export function skewWarning(device: Pick<Device, 'clock_skew_ms' | 'revoked_at'>): string | null {
  if (device.revoked_at || device.clock_skew_ms === null || Math.abs(device.clock_skew_ms) <= KIOSK_SKEW_WARN_MS) return null;
  return `端末の時計が${Math.round(Math.abs(device.clock_skew_ms) / 60_000)}分ずれています`;
}

/**
 * 「PINの誤入力でロック中（〜HH:MM）」 while the device's whole PIN pad is locked, else 「PINの誤入力による
 * ロック: date」 for 7 days after a PIN was locked on it (docs/decisions/staff-pin-lock-per-device.md).
 */
export function pinWarning(device: Pick<Device, 'pin_locked_until' | 'pin_alert_at' | 'revoked_at'>): string | null {
  if (device.revoked_at) return null;
  if (device.pin_locked_until) return `PINの誤入力が続いたためロック中（${dateTimeLabel(device.pin_locked_until)}まで）`;
  if (device.pin_alert_at) return `PINの誤入力によるロックがありました（${dateTimeLabel(device.pin_alert_at)}）`;
  return null;
}

/** The facility's tablets, with 「登録解除」 for those not revoked. */
export function DeviceTable({
  devices,
  classNames,
  onRevoke,
  revokingId,
}: {
  devices: Device[];
  classNames: Map<number, string>;
  onRevoke: (device: Device) => void;
  revokingId: number | null;
}) {
  return (
    <TableScroll label="端末の一覧" minWidth={720}>
      <Table verticalSpacing="sm" data-testid="device-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">端末名</Table.Th>
            <Table.Th scope="col">用途</Table.Th>
            <Table.Th scope="col">クラス</Table.Th>
            <Table.Th scope="col">状態</Table.Th>
            <Table.Th scope="col">最終利用</Table.Th>
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id}>
              <Table.Td>
                <Text fw={500}>{device.name}</Text>
                {pinWarning(device) && (
                  <Text size="sm" c="red.9" data-testid="device-pin-alert">
                    {pinWarning(device)}
                  </Text>
                )}
                {skewWarning(device) && (
                  <Text size="sm" c="red.9" data-testid="device-skew">
                    {skewWarning(device)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{device.purpose === 'kiosk' ? 'ゲート（登降園）用' : 'クラス用'}</Table.Td>
              <Table.Td>{device.class_id ? (classNames.get(device.class_id) ?? '—') : '指定なし'}</Table.Td>
              <Table.Td>
                <DeviceStatus device={device} />
              </Table.Td>
              <Table.Td>{device.last_seen_at ? dateTimeLabel(device.last_seen_at) : <Text c="dimmed">—</Text>}</Table.Td>
              <Table.Td ta="right">
                {!device.revoked_at && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => onRevoke(device)}
                    loading={revokingId === device.id}
                    aria-label={`${device.name}を登録解除`}
                  >
                    登録解除
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
