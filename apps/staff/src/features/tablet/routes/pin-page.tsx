import { Page } from '../../../components/page';

export function PinPage() {
  return <Page title="PINでロック解除" />;
}
