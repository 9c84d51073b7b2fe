import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteStaffQr, getStaffQr, postStaffQr } from '@renraku/contract/staff';
import { dateTimeLabel } from '@renraku/ui/dates';
import { showSuccess } from '../../../../components/alerts';
import { FormError } from '../../../../components/form-error';
import { QrCode } from '../../../../components/qr-code';
import { api } from '../../../../lib/api';
import { SettingsSection } from './settings-section';

const queryKey = ['staff', 'me', 'qr'];

/**
 * 職員QR (issue 29; docs/decisions/kiosk-staff-identification.md): the person's own QR that names
 * them at the gate kiosk for a touch check-in or a pick-up. Shown once when issued (kept hashed
 * on the server): print it or keep it with the name badge; issuing again or revoking ends the old one.
 */
export function StaffQrSection() {
  const client = useQueryClient();
  const state = useQuery({ queryKey, queryFn: () => api(getStaffQr) });
  const [shown, setShown] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: () => api(postStaffQr),
    onSuccess: (data) => {
      setShown(data.qr);
      void client.invalidateQueries({ queryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: () => api(deleteStaffQr),
    onSuccess: (data) => {
      setShown(null);
      showSuccess(data.message);
      void client.invalidateQueries({ queryKey });
    },
  });
  const issuedAt = state.data?.issued_at ?? null;
  return (
    <SettingsSection
      title="職員QR"
      status={
        <Badge color={issuedAt ? 'teal.9' : 'gray.8'} variant="filled" size="lg">
          {issuedAt ? '発行済み' : '未発行'}
        </Badge>
      }
    >
      <Text>
        玄関の受付端末（登降園）で、名前をタッチした記録やお迎えの確認をするとき、カメラにかざすとあなたの名前で記録されます。
        PINと違い、通信できないときも使えます。
      </Text>
      <FormError error={issue.error ?? revoke.error} />
      {shown ? (
        <Stack gap="xs" align="flex-start">
          <QrCode text={shown} size={220} alt="あなたの職員QR" />
          <Alert color="orange" variant="light">
            このQRは今だけ表示されます。印刷するか名札に入れて、ほかの人に見せないでください。なくしたときは「再発行」で前のQRを使えなくできます。
          </Alert>
        </Stack>
      ) : (
        issuedAt && <Text size="sm">発行日時: {dateTimeLabel(issuedAt)}（QRは発行したときだけ表示されます）</Text>
      )}
      <Group gap="sm">
        <Button onClick={() => issue.mutate()} loading={issue.isPending}>
          {issuedAt ? '再発行する（前のQRは使えなくなります）' : '職員QRを発行する'}
        </Button>
        {issuedAt && (
          <Button variant="default" color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
            無効にする
          </Button>
        )}
      </Group>
    </SettingsSection>
  );
}
