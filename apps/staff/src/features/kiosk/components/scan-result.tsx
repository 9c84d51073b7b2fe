import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ChildPhoto } from './child-photo';
import { KIND_LABEL } from '../lib/scan-step';
import type { RosterChild, ScanKind } from '../lib/types';

export interface ResultView {
  kind: ScanKind;
  time: string;
  children: RosterChild[];
  /** Siblings the same tap can record too (not yet recorded today for this kind). */
  siblings: RosterChild[];
  /** Who came, for a pick-up. */
  by?: string;
}

// White on these is 7:1 or more (high contrast at arm's length).
const KIND_COLOR: Record<ScanKind, string> = { arrival: '#0a5c2e', pickup: '#163f80' };

/**
 * The scan's answer, large, over the whole screen for two seconds (longer while siblings are
 * offered): photo, name and 登園 / 降園; 「きょうだいも登園」 records the siblings in the same tap.
 */
export function ScanResult({ result, onSiblings, onClose }: { result: ResultView; onSiblings: () => void; onClose: () => void }) {
  const label = KIND_LABEL[result.kind];
  const [first, ...others] = result.children;
  return (
    <Box
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, background: 'rgba(0,0,0,0.55)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      onClick={onClose}
    >
      <Paper
        radius="lg"
        p="xl"
        w={760}
        style={{ background: KIND_COLOR[result.kind], color: '#fff' }}
        role="status"
        aria-live="assertive"
        aria-label={`${label}を記録しました`}
        data-testid="scan-result"
        onClick={(e) => e.stopPropagation()}
      >
        <Stack align="center" gap="md">
          <Group gap="xl" wrap="nowrap" justify="center">
            {first && <ChildPhoto url={first.photo_url} name={first.name} size={180} />}
            <Stack gap={4}>
              <Text fz={44} fw={700} lh={1.2}>
                {result.children.map((c) => c.name).join('・')}
              </Text>
              <Text fz={112} fw={900} lh={1} data-testid="scan-kind">
                {label}
              </Text>
              <Text fz={28} fw={700}>
                {result.time}
                {result.by ? `（${result.by}）` : ''}
              </Text>
            </Stack>
          </Group>
          {others.length > 0 && <Text fz={22}>きょうだいも{label}しました</Text>}
          <Group gap="md">
            {result.siblings.length > 0 && (
              <Button size="xl" color="yellow.3" c="dark.9" onClick={onSiblings}>
                きょうだいも{label}（{result.siblings.map((c) => c.name).join('・')}）
              </Button>
            )}
            <Button size="xl" variant="white" c="dark.9" onClick={onClose}>
              閉じる
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
