import { Badge, Button } from '@mantine/core';
import type { DayContactBook } from '@renraku/contract/staff';
import { timeLabel } from '@renraku/ui/dates';

/** 確認 as one 44 px tap, or who confirmed and when. */
export function ConfirmControl({
  confirmed,
  canWrite,
  pending,
  onConfirm,
  label,
}: {
  confirmed: DayContactBook['confirmed'];
  canWrite: boolean;
  pending: boolean;
  onConfirm: () => void;
  label: string;
}) {
  if (confirmed) {
    return (
      <Badge color="teal.9" variant="outline" size="lg" style={{ flexShrink: 0 }}>
        確認済 {confirmed.by_name ?? ''} {timeLabel(confirmed.at)}
      </Badge>
    );
  }
  if (!canWrite)
    return (
      <Badge color="gray.7" variant="outline">
        未確認
      </Badge>
    );
  return (
    <Button h={44} miw={80} style={{ flexShrink: 0 }} onClick={onConfirm} loading={pending} aria-label={`${label}を確認`}>
      確認
    </Button>
  );
}
