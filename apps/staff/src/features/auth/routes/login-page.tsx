import { Page } from '../../../components/page';

export function LoginPage() {
  return <Page title="ログイン" />;
}
