import { Button, Text } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { Page } from '../../../components/page';

/** /users/invite/sent: only reachable right after an invitation (A §2). */
export function InviteSentPage() {
  const state = useLocation().state as { referrer?: string } | null;
  if (state?.referrer !== '/users/invite') return <Navigate to="/main" replace />;
  return (
    <Page title="招待完了">
      <Text>招待メールを送信しました。招待された方が承認すると、保護者として追加されます。</Text>
      <Button component={Link} to="/main">
        ホームへ戻る
      </Button>
    </Page>
  );
}
