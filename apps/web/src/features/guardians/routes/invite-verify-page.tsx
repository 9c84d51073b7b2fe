import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { guardianMessages } from '@renraku/contract/client';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { useVerifyInvitation } from '../api';

/** /users/invite/verify/{token}: the invitation mail's link → the recognition screen, or A §8's expired text. */
export function InviteVerifyPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyInvitation();
  const [expired, setExpired] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: ({ child_id }) => navigate(`/children/recognition/${child_id}`, { replace: true }),
      onError: () => setExpired(true),
    });
  }, [token, navigate, verify]);
  if (!expired) return <Loading />;
  return (
    <Page title="保護者招待">
      <Alert color="red" variant="light">
        <Text size="sm">{guardianMessages.invitationExpired}</Text>
      </Alert>
      <Anchor component={Link} to="/main">
        ホームへ戻る
      </Anchor>
    </Page>
  );
}
