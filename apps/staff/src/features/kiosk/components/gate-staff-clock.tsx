import { useSyncExternalStore } from 'react';
import { tokyoTime } from '@renraku/contract/dates';
import { clockKindLabels, type ClockKind } from '@renraku/contract/staff';
import type { GateStaff } from '../lib/gate-staff';
import { appendStaffClock, newStaffClock, staffDay } from '../lib/staff-clock';
import { kioskStore } from '../lib/store';
import { sendPending } from '../lib/sync';
import type { KioskStaff } from '../lib/types';
import { StaffClockPanel } from './staff-clock-panel';

/**
 * The named person's 打刻 at the gate: their day from the roster and the device, a press kept on the
 * device first (its uuid, the device's clock) and sent when the network allows; `onDone` tells the
 * gate what was recorded.
 */
export function GateStaffClock({
  person,
  staff,
  onDone,
  onClose,
}: {
  person: GateStaff;
  staff: KioskStaff[];
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { staffClocks } = useSyncExternalStore(kioskStore.subscribe, kioskStore.snapshot);
  const known = staff.find((s) => s.user_id === person.user_id) ?? {
    user_id: person.user_id,
    name: person.name,
    qr_hash: null,
    pin_set: false,
    clock: [],
  };
  const day = staffDay(known, staffClocks, new Date());
  const press = async (kind: ClockKind) => {
    const at = new Date();
    await appendStaffClock(newStaffClock(person, kind, person.proof, at));
    onDone(`${person.name}さん ${clockKindLabels[kind]} ${tokyoTime(at)} を記録しました`);
    if (navigator.onLine) void sendPending();
  };
  return (
    <StaffClockPanel
      name={person.name}
      state={day.state}
      entries={day.entries}
      onPress={(k) => void press(k)}
      onClose={onClose}
    />
  );
}
