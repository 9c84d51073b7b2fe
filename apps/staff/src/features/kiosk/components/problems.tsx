import { Alert, Button, List, Text } from '@mantine/core';
import { tokyoTime } from '@renraku/contract/dates';
import { clockKindLabels } from '@renraku/contract/staff';
import { KIND_LABEL } from '../lib/scan-step';
import type { LocalScan, LocalStaffClock } from '../lib/types';

/**
 * Scans the server did not record (refused, or a repeat within the minute), and staff 打刻 it
 * refused (the person not confirmed or not working here that day): shown until acknowledged.
 */
export function Problems({
  scans,
  clocks = [],
  onAcknowledge,
}: {
  scans: LocalScan[];
  clocks?: LocalStaffClock[];
  onAcknowledge: () => void;
}) {
  if (scans.length === 0 && clocks.length === 0) return null;
  return (
    <Alert color="red" variant="outline" title="記録されなかった読み取り" data-testid="kiosk-problems">
      <List size="sm" spacing={4}>
        {scans.map((s) => (
          <List.Item key={s.id}>
            {s.name} {KIND_LABEL[s.kind]} {tokyoTime(s.at)}：
            {s.message ?? (s.status === 'ignored_repeat' ? '1分以内の読み取りのため記録しませんでした' : '記録できませんでした')}
          </List.Item>
        ))}
        {clocks.map((c) => (
          <List.Item key={c.id}>
            {c.name} {clockKindLabels[c.kind]} {tokyoTime(c.at)}：{c.message ?? '記録できませんでした'}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        必要なら名前をタッチして記録し直してください。
      </Text>
      <Button mt="xs" variant="default" onClick={onAcknowledge}>
        確認しました
      </Button>
    </Alert>
  );
}
