import { modals } from '@mantine/modals';
import { createConfirm } from '@renraku/ui/confirm';

/** The shared confirm dialog (packages/ui); the modal manager comes with the entry (app/providers.tsx). */
export const confirm = createConfirm(async () => ({ modals }));
