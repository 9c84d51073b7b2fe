import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { guardianMessages } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { useCurrentUser } from '../../../lib/session';
import { useUpdateName } from '../api';

/** /users/setting/name (A §2). */
export function NamePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const update = useUpdateName();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('お名前を入力してください');
    setError(null);
    update.mutate(name, {
      onSuccess: () => {
        showSuccess(guardianMessages.nameUpdated);
        navigate('/users/setting');
      },
      onError: (e) => showFailure(e),
    });
  };
  return (
    <Page title="お名前の変更">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          現在のお名前
        </Text>
        <Text fw={600}>{user?.name ?? '（未設定）'}</Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="新しいお名前"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            autoComplete="name"
          />
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            設定する
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
