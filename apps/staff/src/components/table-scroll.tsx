import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen (a tablet upright). The scrolling box is a
 * named region that takes the keyboard focus, so it can be scrolled without a mouse (axe
 * scrollable-region-focusable).
 */
export function TableScroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // position: relative makes the box the containing block of what is absolutely positioned inside (a
    // visually-hidden header text): it then scrolls with the table instead of widening the page upright.
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ position: 'relative' }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
