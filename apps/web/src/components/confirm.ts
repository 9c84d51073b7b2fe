import { createConfirm } from '@renraku/ui/confirm';
import { modalsReady } from './modals-host';

/** The shared confirm dialog (packages/ui), once the idle-loaded modal manager is there (components/modals-host.tsx). */
export const confirm = createConfirm(modalsReady);
