import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { dateTimeLabel } from '@renraku/ui/dates';
import { facilityPath } from '../../../lib/facility';
import { useChildGuardians, useIssueRegistration } from '../api';
import { handoutState, type Registration } from '../registration-state';

function IssuedRegistration({ registration, handoutPath }: { registration: Registration; handoutPath: string }) {
  return (
    // No Alert title: Mantine draws it in teal.6, below 4.5:1 on the light teal.
    <Alert color="teal" variant="light" role="status">
      <Stack gap="sm">
        <Text fw={700}>登録用URLを発行しました</Text>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput label="登録用URL" value={registration.url} readOnly flex={1} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={registration.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'コピーしました' : 'コピー'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" data-testid="registration-expiry">
          有効期限: {dateTimeLabel(registration.expires_at)}まで
        </Text>
        <Text size="sm">URLはこの画面でしか表示されません。案内を印刷して保護者にお渡しください。</Text>
        <Group>
          <Button component={Link} to={handoutPath} state={handoutState(registration)}>
            案内を印刷
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * 「登録用URLを発行」 (staff.md §3): the URL a guardian opens to link their ID to the child. It is
 * shown once, as issued; issuing again ends the earlier one.
 */
export function RegistrationPanel({ facilityId, childId }: { facilityId: number; childId: number }) {
  const guardians = useChildGuardians(childId);
  const issue = useIssueRegistration(childId);
  const current = guardians.data?.registration ?? null;
  const valid = current && !current.used;

  const issueRegistration = async () => {
    if (valid || issue.data) {
      const ok = await confirm({
        title: '登録用URLを発行し直す',
        message:
          'すでに発行した登録用URLがあります。発行し直すと、前のURL（印刷した案内を含む）は使えなくなります。発行し直しますか？',
        confirmLabel: '発行し直す',
      });
      if (!ok) return;
    }
    issue.mutate(undefined, { onError: showFailure });
  };

  return (
    <Paper component="section" aria-labelledby="registration-title" withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="registration-title">
          保護者の登録用URL
        </Title>
        <Text size="sm">
          保護者が「はいチーズ！ID」でログインしてこのURLを開き、お子さまの生年月日を入力すると、この園児と紐付きます。
        </Text>
        {!issue.data && current && (
          <Text size="sm" data-testid="registration-status">
            {current.used
              ? '発行した登録用URLは使用済みです。'
              : `有効な登録用URLがあります（${dateTimeLabel(current.expires_at)}まで）。URLは発行したときにだけ表示されます。`}
          </Text>
        )}
        {issue.data && (
          <IssuedRegistration registration={issue.data} handoutPath={facilityPath(facilityId, `children/${childId}/handout`)} />
        )}
        <Group>
          <Button variant={issue.data ? 'default' : 'filled'} loading={issue.isPending} onClick={() => void issueRegistration()}>
            {issue.data || valid ? '登録用URLを発行し直す' : '登録用URLを発行'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
