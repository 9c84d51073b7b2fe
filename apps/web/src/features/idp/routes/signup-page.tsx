import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useOperator } from '../../../lib/operator';
import { useSignup } from '../api';
import { EmailForm } from '../components/email-form';
import { IdpPage } from '../components/idp-page';

/** /users/register: the address to verify; then /email/sent (A §2 "Registration mail sent"). */
export function SignupPage() {
  const { id_service_name } = useOperator();
  const navigate = useNavigate();
  const signup = useSignup();

  return (
    <IdpPage title={`${id_service_name}の新規登録`}>
      <Text size="sm">ご登録いただくメールアドレスを入力してください。確認用のURLをメールでお送りします。</Text>
      <EmailForm
        submit="確認メールを送信する"
        error={signup.error}
        pending={signup.isPending}
        onSend={(body) =>
          signup.mutate(body, { onSuccess: () => navigate('/email/sent', { state: { referrer: '/users/register' } }) })
        }
      />
      <Anchor component={Link} to="/login" size="sm" ta="center">
        登録済みの方はログイン
      </Anchor>
    </IdpPage>
  );
}
