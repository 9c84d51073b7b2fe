import { Alert, Group, Text, Title } from '@mantine/core';
import { tokyoTime } from '@renraku/contract/dates';
import type { GateStaff } from '../lib/gate-staff';
import { ModeToggle, type KioskMode } from './mode-toggle';
import { StaffBar } from './staff-bar';
import { SyncBadge } from './sync-badge';

/** The gate's top row (title, mode, who confirms, what waits) and its warnings (an old roster, a clock off). */
export function KioskHeader(props: {
  facilityName: string;
  now: Date;
  mode: KioskMode;
  onMode: (mode: KioskMode) => void;
  staff: GateStaff | null;
  onIdentify: () => void;
  onForget: () => void;
  pending: number;
  online: boolean;
  sending: boolean;
  /** The roster's date when it is not today's. */
  staleDate: string | null;
  skewMinutes: number;
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={1} size="h2">
            登降園受付
          </Title>
          <Text size="sm">
            {props.facilityName}・{tokyoTime(props.now)}
          </Text>
        </div>
        <ModeToggle mode={props.mode} onChange={props.onMode} />
        <StaffBar staff={props.staff} onIdentify={props.onIdentify} onForget={props.onForget} />
        <SyncBadge pending={props.pending} online={props.online} sending={props.sending} />
      </Group>
      {props.staleDate && (
        <Alert color="orange" variant="light" py={6}>
          名簿が{props.staleDate}のものです。通信が戻ると更新します。
        </Alert>
      )}
      {props.skewMinutes > 0 && (
        <Alert color="orange" variant="light" py={6}>
          端末の時計が{props.skewMinutes}分ずれています。端末の日時設定を確認してください。
        </Alert>
      )}
    </>
  );
}
