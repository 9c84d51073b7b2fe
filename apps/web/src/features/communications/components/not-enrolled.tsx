import { Alert } from '@mantine/core';
import { communicationMessages } from '@renraku/contract/client';

export function NotEnrolled() {
  return (
    <Alert color="gray" data-qa="not-enrolled">
      {communicationMessages.notEnrolled}
    </Alert>
  );
}
