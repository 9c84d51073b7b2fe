import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FooterLinks } from '../../../components/footer-links';
import { useCurrentUser, useLogin } from '../../../lib/session';
import { errorText } from '@renraku/ui/api';
import { idpUrl } from '../../../lib/idp';
import { isSafePath } from '@renraku/ui';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { CheckboxField, ErrorAlert, PasswordField, SubmitButton, TextField } from '../components/form-controls';
import css from './login-page.module.css';

/** Where to go after signing in (A §4): the referrer path, else the server's path, else /main. */
function nextLocation(referrer: string | null, serverPath: string, nextPath: string) {
  if (isSafePath(referrer)) return { to: referrer };
  if (serverPath === '/terms') return { to: '/terms', state: { next_path: nextPath } };
  return { to: isSafePath(serverPath) ? serverPath : '/main' };
}

/** The login screen (A §Login): plain elements, no Mantine, as the first screen of every new session. */
export function LoginPage() {
  usePageTitle('ログイン');
  const operator = useOperator();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get('referrer_path');
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  if (user && !login.isPending && !login.isSuccess) return <Navigate to={isSafePath(referrer) ? referrer : '/main'} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password, remember },
      {
        onSuccess: (data) => {
          const next = nextLocation(referrer, data.path, data.next_path);
          navigate(next.to, { replace: true, state: next.state });
        },
      },
    );
  };

  return (
    <div className={css.container}>
      <div className={css.stack}>
        <div className={css.heading}>
          <h1 className={css.title}>{operator.app_name}</h1>
          <p className={css.subtitle}>{operator.id_service_name}でログイン</p>
        </div>
        <form onSubmit={submit} noValidate>
          <div className={css.fields}>
            {login.isError && <ErrorAlert data-qa="login-error">{errorText(login.error)}</ErrorAlert>}
            <TextField
              label="メールアドレス"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordField
              label="パスワード"
              autoComplete="current-password"
              required
              toggleLabel="パスワードを表示する"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <CheckboxField
              label="ログイン状態を保持する"
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <SubmitButton loading={login.isPending}>ログイン</SubmitButton>
          </div>
        </form>
        <div className={css.links}>
          <a href={idpUrl(operator, 'reset-password', '/login')} className={css.link}>
            パスワードをお忘れの方はこちら
          </a>
          <a href={idpUrl(operator, 'authorize', '/login')} className={css.link}>
            {operator.id_service_name}を新規登録する
          </a>
          <Link to="/migration/about-id" className={css.link}>
            {operator.id_service_name}について
          </Link>
        </div>
        <FooterLinks />
      </div>
    </div>
  );
}
