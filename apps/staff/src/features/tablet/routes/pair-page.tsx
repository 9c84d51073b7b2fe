import { Page } from '../../../components/page';

export function PairPage() {
  return <Page title="端末のペアリング" />;
}
