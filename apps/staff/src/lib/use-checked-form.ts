import { useState } from 'react';
import { serverFieldErrors } from './form-errors';
import { validate, type FieldErrors, type Schema } from './validate';

/**
 * A form's errors from its two checks: the contract's schema before sending (the first message per
 * field) and the server's answer (serverFieldErrors: the form's own `fields` under each field, the rest
 * as `failure`, the alert above the form).
 */
export function useCheckedForm(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    errors,
    failure,
    /** The value as the schema parses it, or null with the schema's messages shown; the last failure is cleared. */
    check<T>(schema: Schema<T>, value: unknown): T | null {
      const checked = validate(schema, value);
      setFailure(null);
      setErrors(checked.errors ?? {});
      return checked.data;
    },
    /** A failed submission: its messages under the fields and above the form. */
    fail(error: unknown) {
      const split = serverFieldErrors(error, fields);
      setErrors(split.fields);
      setFailure(split.rest);
    },
  };
}
