import { Alert, Button, List, Text } from '@mantine/core';
import { tokyoTime } from '@renraku/contract/dates';
import { KIND_LABEL } from './scan-result';
import type { LocalScan } from '../lib/types';

/** Scans the server did not record (refused, or a repeat within the minute): shown until acknowledged. */
export function Problems({ scans, onAcknowledge }: { scans: LocalScan[]; onAcknowledge: () => void }) {
  if (scans.length === 0) return null;
  return (
    <Alert color="red" variant="outline" title="記録されなかった読み取り" data-testid="kiosk-problems">
      <List size="sm" spacing={4}>
        {scans.map((s) => (
          <List.Item key={s.id}>
            {s.name} {KIND_LABEL[s.kind]} {tokyoTime(s.at)}：
            {s.message ?? (s.status === 'ignored_repeat' ? '1分以内の読み取りのため記録しませんでした' : '記録できませんでした')}
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
