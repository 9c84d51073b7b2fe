import type { ReactNode } from 'react';
import { Alert, Box, Container, Stack, Title } from '@mantine/core';
import { useOperator } from '../../../lib/operator';
import { usePageTitle } from '../../../lib/page-title';
import { TermsArticles } from '../components/terms-articles';

/** Height reserved under the content so the fixed agree bar never hides the last article. */
const AGREE_BAR_SPACE = 112;

/** /terms: guardian terms of use; with agreeSlot, prompts to agree and pins the slot to the bottom. */
export function TermsPage({ agreeSlot }: { agreeSlot?: ReactNode }) {
  const { app_name } = useOperator();
  usePageTitle('利用規約');
  const hasAgree = agreeSlot !== undefined && agreeSlot !== null && agreeSlot !== false;

  return (
    <>
      <Container size="sm" px="md" py="lg">
        <Stack gap="md">
          <Title order={1} size="h2">
            利用規約
          </Title>
          {hasAgree && (
            <Alert color="blue" variant="light">
              {`${app_name}をご利用いただくには、利用規約をお読みいただき、同意していただく必要があります。`}
            </Alert>
          )}
          <TermsArticles />
        </Stack>
        {hasAgree && <Box h={AGREE_BAR_SPACE} aria-hidden="true" />}
      </Container>
      {hasAgree && (
        <Box
          role="region"
          aria-label="利用規約への同意"
          style={{
            position: 'fixed',
            bottom: 0,
            left: 0,
            right: 0,
            zIndex: 100,
            backgroundColor: 'var(--mantine-color-white)',
            borderTop: '1px solid var(--mantine-color-gray-3)',
            paddingTop: 'var(--mantine-spacing-sm)',
            paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))',
          }}
        >
          <Container size="sm" px="md">
            {agreeSlot}
          </Container>
        </Box>
      )}
    </>
  );
}
