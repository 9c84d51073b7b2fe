import type { CSSProperties } from 'react';
import { messages } from '@renraku/contract/client/messages';
import { ApiRequestError, errorText } from '@renraku/ui/api';
import type { FieldErrors } from './validate';

/**
 * A failed submission split for a form: the server's messages of the form's own fields (shown under
 * each field) and what is left for the alert above the form (other fields' messages, or the message).
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): { fields: FieldErrors; rest: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, rest: error ? errorText(error) : null };
  const result: FieldErrors = {};
  const others: string[] = [];
  for (const [field, list] of Object.entries(error.body.errors ?? {})) {
    if (fields.includes(field)) result[field] = list[0];
    else others.push(...list);
  }
  if (Object.keys(result).length === 0 && others.length === 0) return { fields: {}, rest: error.message };
  // The alert still says that something is wrong (read out at once); each field says what.
  return { fields: result, rest: others.length > 0 ? others.join('\n') : messages.invalidInput };
}

/**
 * Mantine's error red (red.6) is below 4.5:1 on white, for the messages and an invalid field's text:
 * a form sets this on itself so that both use red.9.
 */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
