import { Page } from '../../../components/page';

export function TwoFactorSetupPage() {
  return <Page title="二段階認証の設定" />;
}
