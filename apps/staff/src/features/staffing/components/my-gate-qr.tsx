import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getStaffQr, postStaffQr } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { QrCode } from '../../../components/qr-code';
import { api } from '../../../lib/api';

const keyOf = (userId: number) => `renraku.staff.gateQr.${userId}`;
interface Kept {
  qr: string;
  issued_at: string;
}
const stored = (userId: number): Kept | null => {
  try {
    return JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Kept | null;
  } catch {
    return null;
  }
};

/**
 * The person's 職員QR, large, for the gate kiosk's camera (docs/decisions/staffing-my-work.md): the
 * server keeps only its hash, so this phone keeps the text it was issued here; issuing here replaces
 * a QR printed or shown elsewhere (the server says whether one exists).
 */
export function MyGateQr({ userId }: { userId: number }) {
  const client = useQueryClient();
  const [kept, setKept] = useState(() => stored(userId));
  const state = useQuery({ queryKey: ['staff', 'me', 'qr'], queryFn: () => api(getStaffQr) });
  const issue = useMutation({
    mutationFn: () => api(postStaffQr),
    onSuccess: (data) => {
      localStorage.setItem(keyOf(userId), JSON.stringify(data));
      setKept(data);
      void client.invalidateQueries({ queryKey: ['staff', 'me', 'qr'] });
    },
  });
  // The QR kept here was replaced or revoked elsewhere: it no longer opens the gate.
  const stale = kept !== null && state.data !== undefined && state.data.issued_at !== kept.issued_at;
  if (kept && !stale) {
    return (
      <Stack align="center" gap="xs" data-testid="my-gate-qr">
        <QrCode text={kept.qr} size={280} alt="わたしの職員QR（受付端末のカメラにかざします）" />
        <Text size="sm" ta="center">
          玄関の受付端末のカメラにかざすと、出勤・退勤・休憩を打刻できます（通信できないときも使えます）。
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <FormError error={issue.error} />
      {stale && (
        <Alert color="orange" variant="light">
          この端末の職員QRは無効になっています（再発行または無効化されました）。
        </Alert>
      )}
      <Text size="sm">
        {state.data?.issued_at
          ? 'この端末には職員QRがありません。ここで表示すると、以前に発行した職員QRは使えなくなります。'
          : '職員QRを発行すると、この画面に大きく表示して受付端末にかざせます。'}
      </Text>
      <Button size="md" onClick={() => issue.mutate()} loading={issue.isPending}>
        この端末に職員QRを表示する
      </Button>
    </Stack>
  );
}
