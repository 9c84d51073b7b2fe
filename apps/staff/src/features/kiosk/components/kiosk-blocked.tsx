import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DeviceProblem } from '../lib/sync';

/** The device is no kiosk (revoked, never paired, or a class tablet): what to do, and what is left on it. */
export function DeviceRefused({ problem, pending }: { problem: NonNullable<DeviceProblem>; pending: number }) {
  return (
    <Container size="sm" py={48}>
      <Stack align="center" gap="md" role="alert">
        <Title order={1} size="h2">
          登降園受付
        </Title>
        <Text>
          {problem === 'unpaired'
            ? 'この端末は登録されていないか、登録が解除されました。職員室のパソコンの「端末」画面で受付用の端末を追加し、ペアリングしてください。'
            : 'この端末は受付用（玄関）として登録されていません。職員室のパソコンの「端末」画面で用途を「受付」にした端末を追加してください。'}
        </Text>
        {pending > 0 && <Text fw={700}>未送信の記録が{pending}件この端末に残っています。</Text>}
        <Button component={Link} to="/pair" size="lg">
          ペアリングする
        </Button>
      </Stack>
    </Container>
  );
}

/** No roster on the device yet and none from the server. */
export function NoRoster({ onRetry }: { onRetry: () => void }) {
  return (
    <Container size="sm" py={48}>
      <Stack align="center" gap="md" role="alert">
        <Title order={1} size="h2">
          登降園受付
        </Title>
        <Text>名簿をまだこの端末に読み込めていません。通信できるところで開いてください。</Text>
        <Button size="lg" onClick={onRetry}>
          再読み込み
        </Button>
      </Stack>
    </Container>
  );
}
