import type { CSSProperties } from 'react';
import { messages } from '@renraku/contract/client/messages';
import { ApiRequestError, errorText } from '../../lib/api';

/** A form's messages by field name: the first message per field. */
export type FieldErrors = Partial<Record<string, string>>;

interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Checks a form's values with the schema the server checks them with: the parsed data, or the first message per field. */
export function validate<T>(schema: Schema<T>, value: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return { data: null, errors };
}

/** A failed submission split for a form: messages under the form's own fields, the rest for the alert. */
export function serverFieldErrors(error: unknown, fields: readonly string[]): { fields: FieldErrors; rest: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, rest: error ? errorText(error) : null };
  const result: FieldErrors = {};
  const others: string[] = [];
  for (const [field, list] of Object.entries(error.body.errors ?? {})) {
    if (fields.includes(field)) result[field] = list[0];
    else others.push(...list);
  }
  if (Object.keys(result).length === 0 && others.length === 0) return { fields: {}, rest: error.message };
  return { fields: result, rest: others.length > 0 ? others.join('\n') : messages.invalidInput };
}

/**
 * Mantine's error red (red.6) is below 4.5:1 on white, for the messages and an invalid field's text:
 * a form sets this on itself so that both use red.9.
 */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
