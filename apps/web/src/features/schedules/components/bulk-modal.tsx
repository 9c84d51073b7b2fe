import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { scheduleLimits, scheduleTexts } from '@renraku/contract/client';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../components/alerts';
import { useBulkSchedules } from '../api';
import { TimeSelect } from './time-select';

/** The bulk-reflect modal (F §2 Schedules): one answer for every shown, open day, after confirming. */
export function BulkModal({
  childId,
  dates,
  opened,
  onClose,
}: {
  childId: number;
  dates: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'attend' | 'absent'>('attend');
  const [attendanceTime, setAttendanceTime] = useState<string>(scheduleLimits.defaultAttendanceTime);
  const [leavingTime, setLeavingTime] = useState<string>(scheduleLimits.defaultLeavingTime);
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkSchedules(childId);

  const close = () => {
    setConfirming(false);
    onClose();
  };
  const submit = () => {
    const isAbsent = mode === 'absent';
    bulk.mutate(
      { dates, isAbsent, attendanceTime: isAbsent ? null : attendanceTime, leavingTime: isAbsent ? null : leavingTime },
      {
        onSuccess: () => {
          showSuccess(`${dates.length}日分の登園予定を登録しました`);
          close();
        },
        onError: (error) => {
          setConfirming(false);
          showFailure(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="まとめて登録" centered closeButtonProps={{ 'aria-label': '閉じる' }}>
      {confirming ? (
        <Stack>
          <Text>{scheduleTexts.bulkConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              キャンセル
            </Button>
            <Button onClick={submit} loading={bulk.isPending}>
              決定
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">表示中の受付期間内の{dates.length}日分に、同じ予定を反映します。</Text>
          <SegmentedControl
            aria-label="登園の有無"
            value={mode}
            onChange={(v) => setMode(v as 'attend' | 'absent')}
            data={[
              { value: 'absent', label: '欠席する' },
              { value: 'attend', label: '登園する' },
            ]}
          />
          {mode === 'attend' && (
            <Group grow align="flex-start">
              <TimeSelect
                label="登園時間"
                value={attendanceTime}
                onChange={setAttendanceTime}
                focusHour={scheduleLimits.attendanceFocusHour}
              />
              <TimeSelect
                label="お迎え時間"
                value={leavingTime}
                onChange={setLeavingTime}
                focusHour={scheduleLimits.leavingFocusHour}
              />
            </Group>
          )}
          <Button onClick={() => setConfirming(true)} disabled={dates.length === 0}>
            反映する
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
