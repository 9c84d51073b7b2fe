import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';

/** The recovery codes, shown once after enrolment, with the warning to keep them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="回復コードを保管してください" role="alert">
        回復コードはこの画面でしか表示されません。印刷するか、安全な場所に書き写して保管してください。
        スマートフォンをなくしたときは、確認コードの代わりに回復コードでログインできます（各コード1回限り）。
      </Alert>
      <List
        data-testid="recovery-codes"
        listStyleType="none"
        styles={{ root: { columnCount: 2, fontFamily: 'monospace', fontSize: 18 } }}
        aria-label="回復コード"
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        保管したら「保管しました」を押してください。
      </Text>
      <Group>
        <Button variant="default" onClick={() => window.print()}>
          印刷する
        </Button>
        <Button onClick={onDone}>保管しました</Button>
      </Group>
    </Stack>
  );
}
