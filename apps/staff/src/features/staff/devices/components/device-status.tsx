import { Badge } from '@mantine/core';

interface DeviceState {
  paired_at: string | null;
  revoked_at: string | null;
}

/** Dark label colours keep 4.5:1 on the light badges (axe). 利用中 (paired), コード待ち (registered, code not used yet), 登録解除済み (revoked). */
export function DeviceStatus({ device }: { device: DeviceState }) {
  if (device.revoked_at)
    return (
      <Badge color="gray" variant="light" c="dark.7">
        登録解除済み
      </Badge>
    );
  if (device.paired_at)
    return (
      <Badge color="teal" variant="light" c="dark.7">
        利用中
      </Badge>
    );
  return (
    <Badge color="yellow" variant="light" c="dark.7">
      コード待ち
    </Badge>
  );
}
