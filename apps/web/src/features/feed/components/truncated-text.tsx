import { Anchor, Box, Text } from '@mantine/core';
import { feedTexts } from '@renraku/contract/client';
import { useState } from 'react';

/** Text cut at the server's threshold, expandable with 「…もっとみる」 and collapsible with 「小さくする」 (F §2, §9). */
export function TruncatedText({ text, threshold }: { text: string; threshold: number }) {
  const [open, setOpen] = useState(false);
  const characters = [...text];
  const long = characters.length > threshold;
  return (
    <Box>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {long && !open ? characters.slice(0, threshold).join('') : text}
        {long && !open && (
          <Anchor component="button" type="button" size="sm" ml={4} onClick={() => setOpen(true)}>
            {feedTexts.readMore}
          </Anchor>
        )}
      </Text>
      {long && open && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(false)}>
          {feedTexts.readLess}
        </Anchor>
      )}
    </Box>
  );
}
