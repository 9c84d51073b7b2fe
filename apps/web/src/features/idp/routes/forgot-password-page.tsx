import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useForgotPassword } from '../api';
import { EmailForm } from '../components/email-form';
import { IdpPage } from '../components/idp-page';

/** /password/forgot: asks for a reset link; the same answer whether the address is registered or not. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();

  return (
    <IdpPage title="パスワードの再設定">
      {forgot.isSuccess ? (
        <Alert color="teal" role="status">
          <Text size="sm">{forgot.data.message}</Text>
        </Alert>
      ) : (
        <>
          <Text size="sm">
            ご登録のメールアドレスを入力してください。パスワード再設定用のURLをお送りします（有効期限：60分）。
          </Text>
          <EmailForm
            submit="再設定メールを送信する"
            error={forgot.error}
            pending={forgot.isPending}
            onSend={(body) => forgot.mutate(body)}
          />
        </>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        ログイン画面へ戻る
      </Anchor>
    </IdpPage>
  );
}
