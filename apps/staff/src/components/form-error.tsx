import { Alert } from '@mantine/core';
import { errorText } from '@renraku/ui/api';

/** A failed submission's text (the server's field errors or message) above or below its form, read out at once. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" style={{ whiteSpace: 'pre-line' }}>
      {typeof error === 'string' ? error : errorText(error)}
    </Alert>
  );
}
