import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type CSSProperties, type FormEvent } from 'react';
import { pickupCodeTexts, type ChildPickupCode } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { Loading } from '@renraku/ui/loading';
import { ChildIdRoute } from '../../../components/child-id-route';
import { Page } from '../../../components/page';
import { useLoadFailure } from '../../../components/use-load-failure';
import { ApiRequestError } from '@renraku/ui/api';
import { useChild } from '../../../lib/children';
import { useCancelPickupCode, useIssuePickupCode, usePickupCodes } from '../api';

/**
 * /children/{id}/pickup-codes (お迎えコード, staff.md §6): the main guardian issues a one-time
 * 6-digit code for someone not registered who picks the child up today; the code is shown once,
 * the facility's gate kiosk takes it once (docs/decisions/kiosk-pickup-codes.md).
 */
export function PickupCodesPage() {
  return <ChildIdRoute page={PickupCodes} />;
}

const timeLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

function PickupCodes({ childId }: { childId: number }) {
  const child = useChild(childId);
  const isMain = child.data?.pivot.main === true;
  const codes = usePickupCodes(childId, isMain);
  useLoadFailure(child.error ?? (isMain ? codes.error : null), '/users/setting');
  if (!child.data) return <Loading />;
  if (!isMain)
    return (
      <Page title={pickupCodeTexts.title}>
        <Text size="sm">{pickupCodeTexts.mainOnly}</Text>
      </Page>
    );
  if (!codes.data) return <Loading />;
  return (
    <Page title={pickupCodeTexts.title}>
      <Text size="sm">{pickupCodeTexts.lead}</Text>
      <IssueForm childId={childId} firstName={child.data.first_name} />
      <Stack gap="xs" component="section" aria-labelledby="codes-heading">
        <Title order={2} size="h5" id="codes-heading">
          本日発行したコード
        </Title>
        {codes.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            本日発行したお迎えコードはありません。
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="お迎えコードの一覧">
            {codes.data.map((code) => (
              <CodeCard key={code.id} childId={childId} code={code} />
            ))}
          </Stack>
        )}
      </Stack>
    </Page>
  );
}

function CodeCard({ childId, code }: { childId: number; code: ChildPickupCode }) {
  const cancel = useCancelPickupCode(childId);
  const ask = async () => {
    const ok = await confirm({
      title: 'お迎えコードの取り消し',
      message: `${code.name}さんのお迎えコードを取り消しますか？`,
      confirmLabel: '取り消す',
      danger: true,
    });
    if (ok) cancel.mutate(code.id, { onSuccess: (r) => showSuccess(r.message), onError: showFailure });
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${code.name}さんのお迎えコード`}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              {code.name}
            </Text>
            <Badge size="sm" variant="filled" color={code.used_at ? 'gray.8' : 'teal.9'}>
              {code.used_at ? pickupCodeTexts.used : '未使用'}
            </Badge>
          </Group>
          <Text size="xs">{code.used_at ? `${timeLabel(code.used_at)}に使用されました` : '本日中（23:59まで）有効'}</Text>
        </Stack>
        {!code.used_at && (
          <Button size="xs" variant="subtle" color="red" onClick={() => void ask()} loading={cancel.isPending}>
            取り消す
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The substitute's name, then the code shown once in large digits. */
function IssueForm({ childId, firstName }: { childId: number; firstName: string }) {
  const issue = useIssuePickupCode(childId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('お迎えに来る方のお名前を入力してください');
    setError(undefined);
    issue.mutate(name, {
      onSuccess: () => {
        showSuccess(pickupCodeTexts.issued);
        setName('');
      },
      onError: (e) => {
        const field = e instanceof ApiRequestError ? e.body.errors?.name?.[0] : undefined;
        if (field) setError(field);
        else showFailure(e);
      },
    });
  };
  return (
    <Paper component="section" aria-labelledby="issue-heading" withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
        <Stack gap="sm">
          <Title order={2} size="h5" id="issue-heading">
            {`${firstName}さんのお迎えコードを発行する`}
          </Title>
          {issue.data && (
            <Paper bg="teal.0" p="md" radius="md" data-testid="issued-code" role="status">
              <Text fw={700} size="sm" c="dark.9">{`${issue.data.name}さんのお迎えコード`}</Text>
              <Text
                fz={36}
                fw={700}
                ff="monospace"
                lts={6}
                c="dark.9"
                aria-label={`お迎えコード ${issue.data.code.split('').join(' ')}`}
              >
                {issue.data.code}
              </Text>
              <Text size="sm" c="dark.9">
                本日中（23:59まで）、1回だけ使えます。
              </Text>
              <Text size="sm" c="dark.9" fw={700}>
                {pickupCodeTexts.shownOnce}
              </Text>
            </Paper>
          )}
          <TextInput
            label="お迎えに来る方のお名前"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            required
            maxLength={50}
            autoComplete="off"
          />
          <Button type="submit" loading={issue.isPending} disabled={issue.isPending}>
            コードを発行する
          </Button>
          <Text size="xs" c="dimmed">
            ※施設のゲートの端末にこのコードを入力すると、お迎えが記録されます。
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
