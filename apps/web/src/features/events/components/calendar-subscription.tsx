import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { calendarSubscriptionQueryOptions, useIssueCalendarSubscription, useRevokeCalendarSubscription } from '../api';

/** The iCal subscription address: shown once when issued, re-issuable and revocable. */
export function CalendarSubscription() {
  const { data } = useQuery(calendarSubscriptionQueryOptions());
  const issue = useIssueCalendarSubscription();
  const revoke = useRevokeCalendarSubscription();
  const [url, setUrl] = useState<string>();

  const onIssue = async () => {
    if (data?.active && !(await confirm({ message: 'URLを再発行すると、これまでのURLは使えなくなります。よろしいですか？' })))
      return;
    issue.mutate(undefined, { onSuccess: (r) => setUrl(r.url), onError: showFailure });
  };
  const onRevoke = async () => {
    if (!(await confirm({ message: 'カレンダーアプリへの配信を停止します。よろしいですか？', danger: true }))) return;
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(undefined);
        showSuccess('カレンダーへの配信を停止しました');
      },
      onError: showFailure,
    });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="ical-title">
      <Stack gap="xs">
        <Text fw={700} id="ical-title">
          スマートフォンのカレンダーに表示
        </Text>
        <Text size="sm">行事予定をカレンダーアプリに登録できます。URLはご本人専用です。他の人に教えないでください。</Text>
        {url ? (
          <>
            <TextInput label="登録用URL" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'コピーしました' : 'URLをコピー'}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={url.replace(/^https?:/, 'webcal:')} size="sm">
                カレンダーアプリで開く
              </Anchor>
            </Group>
          </>
        ) : data?.active ? (
          <Text size="sm" c="dimmed">
            登録用URLは発行済みです。URLを忘れた場合は再発行してください。
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={onIssue} loading={issue.isPending}>
            {data?.active ? 'URLを再発行' : '登録用URLを発行'}
          </Button>
          {data?.active && (
            <Button size="xs" variant="default" onClick={onRevoke} loading={revoke.isPending}>
              配信を停止
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
