import { Alert, Anchor, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Loading } from '@renraku/ui/loading';
import { errorText } from '@renraku/ui/api';
import { useVerifyEmail } from '../api';
import { IdpPage } from '../components/idp-page';

/** /email/verify/{token}: opening the mailed link confirms the new address. */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // once, even under StrictMode's double effects: the link is single-use
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <IdpPage title="メールアドレスの確認">
      {verify.isPending || verify.isIdle ? (
        <Loading />
      ) : verify.isSuccess ? (
        <Alert color="teal" role="status">
          <Text size="sm">{verify.data.message}</Text>
        </Alert>
      ) : (
        <Alert color="red" role="alert">
          <Text size="sm">{errorText(verify.error)}</Text>
        </Alert>
      )}
      <Anchor component={Link} to="/users/setting" size="sm">
        マイページへ
      </Anchor>
    </IdpPage>
  );
}
