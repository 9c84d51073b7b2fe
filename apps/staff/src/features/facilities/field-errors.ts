import type { z } from 'zod';
import { ApiRequestError } from '@renraku/ui/api';

export type FieldErrors = Record<string, string>;

/**
 * A form's input checked with the server's own schema from the contract (CONVENTIONS): the parsed
 * body, or the first message per field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): { data: z.output<S> } | { errors: FieldErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's field errors of a 422 (the first per field), or none. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError) || !error.body.errors) return {};
  return Object.fromEntries(Object.entries(error.body.errors).map(([field, list]) => [field, list[0] ?? '']));
}

/** A failure that names no field (a refusal, a network failure): the form's alert shows it; null while the fields show theirs. */
export const otherError = (error: unknown): unknown =>
  error && Object.keys(serverFieldErrors(error)).length === 0 ? error : null;
