/** What a zod schema of the contract offers a form (structurally, so the app needs no zod import of its own). */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Checks a form's values with the same schema the server checks them with (CONVENTIONS): the
 * parsed data, or the first message per field.
 */
export function validate<T>(schema: Schema<T>, value: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
