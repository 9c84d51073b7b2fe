import { Page } from '../../../components/page';

export function AuditPage() {
  return <Page title="監査ログ" />;
}
