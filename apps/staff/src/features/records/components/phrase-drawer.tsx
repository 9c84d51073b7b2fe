import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import type * as Y from 'yjs';
import {
  recordFieldPhraseTopics,
  recordPhrasesMessages,
  recordPhraseTopicLabels,
  recordPhraseTopics,
  type RecordPhraseTopic,
} from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { usePhraseSteps, useRecordPhrases } from '../api';
import type { PhraseTarget } from './phrase-target';

/** The topic of a field's phrases, by its key (a grid cell `key:row:column` by the grid's key). */
export const topicOfField = (name: string | undefined): RecordPhraseTopic | undefined =>
  name ? recordFieldPhraseTopics[name.split(':')[0]!] : undefined;

interface Props {
  opened: boolean;
  onClose: () => void;
  doc: Y.Doc;
  facilityId: number;
  ageBand: number | null;
  month: number;
  target: PhraseTarget | null;
  /** The label of the target field, to say where a tap goes. */
  targetLabel: string | null;
  onInserted: (target: PhraseTarget) => void;
}

/**
 * 文例 (records.md §3): the phrases for the class's age band and the document's month, of the
 * focused field's topic; one tap inserts one at that field's caret through the shared document, so
 * every co-editor sees it. The 園長 and 主任 add the facility's own here.
 */
export function PhraseDrawer({ opened, onClose, doc, facilityId, ageBand, month, target, targetLabel, onInserted }: Props) {
  const [topic, setTopic] = useState<RecordPhraseTopic | 'all'>('all');
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [prevTarget, setPrevTarget] = useState(target?.name);
  if (prevTarget !== target?.name) {
    setPrevTarget(target?.name);
    setTopic(topicOfField(target?.name) ?? 'all');
  }
  const query = {
    ...(ageBand !== null ? { age_band: ageBand } : {}),
    month,
    ...(topic !== 'all' ? { topic } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  const phrases = useRecordPhrases(facilityId, query, opened);
  const steps = usePhraseSteps(facilityId);

  const insert = (text: string) => {
    if (!target) return;
    const shared = doc.getText(target.name);
    const index = Math.min(target.index, shared.length);
    shared.insert(index, text);
    onInserted({ name: target.name, index: index + text.length });
    showSuccess(`「${targetLabel ?? ''}」に文例を入れました`);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="文例"
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {target ? `入れる欄：${targetLabel}` : '先に文例を入れる欄をタップしてください'}
        </Text>
        <SegmentedControl
          aria-label="項目"
          size="sm"
          fullWidth
          orientation="vertical"
          value={topic}
          onChange={(v) => setTopic(v as RecordPhraseTopic | 'all')}
          data={[
            { value: 'all', label: 'すべて' },
            ...recordPhraseTopics.map((t) => ({ value: t, label: recordPhraseTopicLabels[t] })),
          ]}
        />
        <TextInput label="文例を探す" value={q} onChange={(e) => setQ(e.currentTarget.value)} size="md" />
        <FormError error={phrases.error} />
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="文例の一覧">
          {phrases.data?.phrases.map((p, i) => (
            <Group key={`${p.id ?? 's'}-${i}`} component="li" gap={4} wrap="nowrap" align="stretch">
              <UnstyledButton
                onClick={() => insert(p.text)}
                disabled={!target}
                p="sm"
                style={{ flex: 1, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, minHeight: 44 }}
              >
                <Text size="sm">{p.text}</Text>
                {p.source === 'facility' && (
                  <Text size="xs" c="teal.9" fw={700}>
                    園の文例
                  </Text>
                )}
              </UnstyledButton>
              {p.id !== null && phrases.data?.can_add && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  aria-label={`文例「${p.text}」を削除`}
                  onClick={() =>
                    steps.remove.mutate(p.id!, {
                      onSuccess: () => showSuccess(recordPhrasesMessages.deleted),
                      onError: showFailure,
                    })
                  }
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          ))}
          {phrases.data?.phrases.length === 0 && <Text size="sm">この条件の文例はありません</Text>}
        </Stack>
        {phrases.data?.can_add && topic !== 'all' && (
          <Stack gap="xs">
            <Textarea
              label={`園の文例を追加（${recordPhraseTopicLabels[topic]}）`}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              autosize
              minRows={2}
              size="md"
            />
            <FormError error={steps.add.error} />
            <Group justify="flex-end">
              <Button
                size="md"
                variant="default"
                loading={steps.add.isPending}
                onClick={() =>
                  steps.add.mutate(
                    { text: draft, topic, age_bands: ageBand !== null ? [ageBand] : [] },
                    {
                      onSuccess: () => {
                        setDraft('');
                        showSuccess(recordPhrasesMessages.created);
                      },
                    },
                  )
                }
              >
                追加する
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
