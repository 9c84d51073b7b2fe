import { Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { postStaffDevicePair } from '@renraku/contract/staff';
import { showSuccess } from '../../../../components/alerts';
import { FormError } from '../../../../components/form-error';
import { usePageTitle } from '../../../../lib/page-title';
import { validate } from '../../../../lib/validate';
import { usePairDevice } from '../api';

/** `/staff/pair` on a tablet: the 8-digit code from the desktop's 「端末を追加」 pairs it, then the PIN pad. */
export function PairPage() {
  usePageTitle('端末のペアリング');
  const pair = usePairDevice();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(postStaffDevicePair.body!, { code });
    setError(checked.errors?.code);
    if (!checked.data) return;
    pair.mutate(checked.data.code, {
      onSuccess: ({ device }) => {
        showSuccess(`この端末を「${device.facility_name}」の「${device.name}」として登録しました`);
        void navigate('/pin', { replace: true });
      },
    });
  };

  return (
    <Container size={520} py={48} px="md">
      <Stack gap="lg">
        <Title order={1} size="h2" ta="center">
          端末のペアリング
        </Title>
        <Paper withBorder p="xl" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              <Text>
                職員室のパソコンの「端末」画面で「端末を追加」を押すと表示される、8桁のペアリングコードを入力してください。
              </Text>
              <FormError error={pair.error} />
              <TextInput
                label="ペアリングコード（8桁）"
                inputMode="numeric"
                autoComplete="one-time-code"
                size="xl"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))}
                error={error}
                styles={{ input: { letterSpacing: '0.2em', fontFamily: 'monospace', textAlign: 'center' } }}
                required
              />
              <Button type="submit" size="xl" loading={pair.isPending} fullWidth>
                ペアリングする
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
