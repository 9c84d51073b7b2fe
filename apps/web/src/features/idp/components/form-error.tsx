import { Alert, Text } from '@mantine/core';
import { ApiRequestError, errorText } from '@renraku/ui/api';

/**
 * The failure of a form's call, announced to screen readers — unless every field error belongs
 * to a field the form shows under its input (`fields`).
 */
export function FormError({ error, fields = [] }: { error: unknown; fields?: string[] }) {
  if (!error) return null;
  const keys = error instanceof ApiRequestError ? Object.keys(error.body.errors ?? {}) : [];
  if (keys.length > 0 && keys.every((key) => fields.includes(key))) return null;
  return (
    <Alert color="red" role="alert">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {errorText(error)}
      </Text>
    </Alert>
  );
}

/** Field errors of a 422 answer, for one field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiRequestError ? error.body.errors?.[field]?.join('\n') : undefined;
}
