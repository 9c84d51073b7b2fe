import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { childAttendanceBody, type BoardChild } from '@renraku/contract/staff';
import { tokyoTime } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';

const nowTime = () => tokyoTime(new Date().toISOString());

/** Enter or correct a child's actual arrival and pick-up (a tap on 「今」 fills the time). */
export function AttendanceModal({
  child,
  date,
  onClose,
  onSave,
  saving,
}: {
  child: BoardChild;
  date: string;
  onClose: () => void;
  onSave: (body: { child_id: number; arrived_at: string | null; picked_up_at: string | null }) => Promise<unknown>;
  saving: boolean;
}) {
  const [arrived, setArrived] = useState(child.actual?.arrived_at ?? '');
  const [pickedUp, setPickedUp] = useState(child.actual?.picked_up_at ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const body = { date, child_id: child.child_id, arrived_at: arrived || null, picked_up_at: pickedUp || null };
    const parsed = childAttendanceBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await onSave({ child_id: body.child_id, arrived_at: body.arrived_at, picked_up_at: body.picked_up_at });
      showSuccess('登降園の時刻を記録しました');
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${child.name}さんの登降園`} closeButtonProps={{ 'aria-label': '閉じる' }}>
      <Stack gap="md">
        {(
          [
            ['arrived_at', '登園', arrived, setArrived],
            ['picked_up_at', 'お迎え', pickedUp, setPickedUp],
          ] as const
        ).map(([field, label, value, setValue]) => (
          <Group key={field} align="flex-end" wrap="nowrap">
            <TextInput
              type="time"
              label={`${label}の時刻`}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={errors[field]}
              style={{ flex: 1 }}
            />
            <Button h={44} variant="light" onClick={() => setValue(nowTime())} aria-label={`${label}の時刻を今にする`}>
              今
            </Button>
            <Button h={44} variant="default" onClick={() => setValue('')} aria-label={`${label}の時刻を消す`}>
              消す
            </Button>
          </Group>
        ))}
        <Group justify="flex-end">
          <Button h={44} variant="default" onClick={onClose}>
            キャンセル
          </Button>
          <Button h={44} onClick={() => void save()} loading={saving}>
            保存
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
