import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { guardianMessages } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useUpdateChild } from '../api';
import { useChild } from '../../../lib/children';
import { idFrom } from '@renraku/ui';
import { useLoadFailure } from '../../../components/use-load-failure';

/** /children/{id}/edit: the name shown in the notebook (main guardian only). */
export function ChildEditPage() {
  const id = idFrom(useParams().id);
  if (id === null) return <NotFound />;
  return <ChildEdit id={id} />;
}

function ChildEdit({ id }: { id: number }) {
  const child = useChild(id);
  useLoadFailure(child.error, '/users/setting');
  if (!child.data) return <Loading />;
  return <ChildEditForm id={id} initial={child.data} />;
}

function ChildEditForm({
  id,
  initial,
}: {
  id: number;
  initial: { last_name: string; first_name: string; last_name_kana: string; first_name_kana: string };
}) {
  const navigate = useNavigate();
  const update = useUpdateChild(id);
  const [values, setValues] = useState({
    lastName: initial.last_name,
    firstName: initial.first_name,
    lastNameKana: initial.last_name_kana,
    firstNameKana: initial.first_name_kana,
  });
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sent as given; the server's messages are shown (A §5).
    update.mutate(values, {
      onSuccess: () => {
        showSuccess(guardianMessages.childNameChanged);
        navigate(`/children/${id}`);
      },
      onError: (error) => showFailure(error),
    });
  };
  return (
    <Page title="お名前の変更">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="姓" {...field('lastName')} />
          <TextInput label="名" {...field('firstName')} />
          <TextInput label="せい（ひらがな）" {...field('lastNameKana')} />
          <TextInput label="めい（ひらがな）" {...field('firstNameKana')} />
          <Text size="xs" c="dimmed">
            ※ここで変更されるのは、連絡帳に表示されるお名前のみです。施設に登録されているお名前は変更されません。
          </Text>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            変更する
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
