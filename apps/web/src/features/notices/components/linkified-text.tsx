import { Anchor, Button, Text } from '@mantine/core';
import LinkifyIt from 'linkify-it';
import { useState, type ReactNode } from 'react';

const linkify = new LinkifyIt();
const SAFE_SCHEMES = new Set(['http:', 'https:', '']);

/** Plain text with its web addresses as links: React elements only, never HTML from the server. */
export function linkifiedNodes(text: string, onLinkClick?: (url: string) => void): ReactNode[] {
  const matches = (linkify.match(text) ?? []).filter((m) => SAFE_SCHEMES.has(m.schema.toLowerCase()));
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const m of matches) {
    if (m.index > last) nodes.push(text.slice(last, m.index));
    nodes.push(
      <Anchor
        key={m.index}
        href={m.url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => onLinkClick?.(m.url)}
        style={{ wordBreak: 'break-all' }}
      >
        {m.text}
      </Anchor>,
    );
    last = m.lastIndex;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Notice text: linkified, truncated at the threshold with 「…もっとみる」 / 「小さくする」 (F §2, §9). */
export function NoticeText({
  text,
  threshold,
  onLinkClick,
}: {
  text: string;
  threshold: number;
  onLinkClick?: (url: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > threshold;
  const shown = long && !expanded ? `${text.slice(0, threshold)}…` : text;
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {linkifiedNodes(shown, onLinkClick)}
      </Text>
      {long && (
        <Button variant="subtle" size="compact-sm" px={0} onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
          {expanded ? '小さくする' : 'もっとみる'}
        </Button>
      )}
    </div>
  );
}
