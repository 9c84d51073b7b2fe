import { Page } from '../../../components/page';

export function HomePage() {
  return <Page title="ホーム" />;
}
