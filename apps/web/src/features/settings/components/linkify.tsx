import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** URLs in a plain-text mail as links. */
export function linkify(text: string): ReactNode[] {
  return text.split(/(https?:\/\/[^\s]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <Anchor key={i} href={part}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}
