import { Button, Select, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { guardianMessages, relationOptions } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useConstants } from '../../../lib/session';
import { idFrom } from '@renraku/ui';
import { useLoadFailure } from '../../../components/use-load-failure';
import { useChangeRelationType, useChildUser } from '../api';

/** /children/{childId}/users/{userId}/change/type: the guardian's own relation (A §2). */
export function RelationTypePage() {
  const params = useParams();
  const childId = idFrom(params.childId);
  const userId = idFrom(params.userId);
  if (childId === null || userId === null) return <NotFound />;
  return <RelationType childId={childId} userId={userId} />;
}

function RelationType({ childId, userId }: { childId: number; userId: number }) {
  const query = useChildUser(childId, userId);
  useLoadFailure(query.error, '/users/setting');
  if (!query.data) return <Loading />;
  return <RelationTypeForm childId={childId} userId={userId} initial={query.data.user.pivot.type} />;
}

function RelationTypeForm({ childId, userId, initial }: { childId: number; userId: number; initial: number }) {
  const navigate = useNavigate();
  const constants = useConstants();
  const change = useChangeRelationType();
  const [type, setType] = useState<string | null>(String(initial));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { childId, userId, type: Number(type) },
      {
        onSuccess: () => {
          showSuccess(guardianMessages.relationUpdated);
          navigate(`/children/${childId}/users/${userId}`, { replace: true });
        },
        onError: (e) => showFailure(e),
      },
    );
  };
  return (
    <Page title="続柄の変更">
      <form onSubmit={submit}>
        <Stack>
          <Select
            label="お子さまとの続柄"
            data={relationOptions(constants.relation_types)}
            value={type}
            onChange={setType}
            allowDeselect={false}
          />
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            変更する
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
