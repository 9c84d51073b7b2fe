import { Button, Checkbox, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { relationOptions } from '@renraku/contract/client';
import { showFailure, showPersistentNotice } from '../../../components/alerts';
import { NotFound } from '../../../components/not-found';
import { Caution } from '../../../components/caution';
import { Page } from '../../../components/page';
import { useOperator } from '../../../lib/operator';
import { useConstants } from '../../../lib/session';
import { idFrom } from '@renraku/ui';
import { useInvite } from '../api';

/** /users/{childId}/invite: invite a co-guardian (A §2). */
export function InvitePage() {
  const childId = idFrom(useParams().childId);
  if (childId === null) return <NotFound />;
  return <InviteForm childId={childId} />;
}

function InviteForm({ childId }: { childId: number }) {
  const navigate = useNavigate();
  const constants = useConstants();
  const { id_service_name } = useOperator();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<string | null>('0');
  const [viewOnly, setViewOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('メールアドレスを入力してください');
    setError(null);
    invite.mutate(
      { child_id: childId, email: email.trim(), type: Number(type ?? 0), writable: !viewOnly },
      {
        onSuccess: (result) => {
          // 202: the address has no ID yet; a sign-up guidance mail went out. Stay here (A §4).
          if (result.guidance) showPersistentNotice(result.message);
          else navigate('/users/invite/sent', { state: { referrer: '/users/invite' } });
        },
        onError: (e) => showFailure(e),
      },
    );
  };

  return (
    <Page title="保護者の追加">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="招待する方のメールアドレス"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            autoComplete="email"
          />
          <Select
            label="お子さまとの続柄"
            data={relationOptions(constants.relation_types)}
            value={type}
            onChange={setType}
            allowDeselect={false}
          />
          <Checkbox
            label="閲覧のみ（連絡帳の送信などはできません）"
            checked={viewOnly}
            onChange={(e) => setViewOnly(e.currentTarget.checked)}
          />
          <List size="sm" spacing={4}>
            <List.Item>{`招待できるのは、${id_service_name}に登録済みのメールアドレスのみです。`}</List.Item>
            <List.Item>{`${id_service_name}に未登録のメールアドレスには、ID登録のご案内メールが送信されます。登録済みのメールアドレスには、招待メールが送信されます。`}</List.Item>
          </List>
          <Caution title="iCloudメールをご利用の方へ">
            <Text size="sm">
              iCloudのメールボックスの容量がいっぱいになっていると、招待メールを受信できません。容量に空きがあることをご確認ください。
            </Text>
          </Caution>
          <Button type="submit" loading={invite.isPending} disabled={invite.isPending}>
            送信する
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
