import { communicationMessages } from '@renraku/contract/client';
import { confirm } from '../../../components/confirm';

/** Asks before unsaved contact-book input is thrown away (F §4). Resolves true to discard. */
export function confirmDiscard(): Promise<boolean> {
  return confirm({ title: '入力内容の破棄', message: communicationMessages.unsavedConfirm });
}
