import { Anchor, Button, Group, Image, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type * as Y from 'yjs';
import { monthDayShortLabel, yearMonthLabel } from '@renraku/contract/dates';
import { recordStatusLabels } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { facilityPath } from '../../../lib/facility';
import { useRecordMaterial } from '../api';
import type { PhraseTarget } from './phrase-target';

interface Props {
  documentId: number;
  facilityId: number;
  childId: number | null;
  doc: Y.Doc;
  readOnly: boolean;
  target: PhraseTarget | null;
  targetLabel: string | null;
  onInserted: (target: PhraseTarget) => void;
}

/**
 * A 経過記録's material (records.md §3; records-child-records.md): the period's growth, the
 * remarks of the child's published daily notes and its photos, for the staff to choose from; one
 * tap puts a remark or a measurement at the caret of the field last written (through the shared
 * document, so co-editors see it). The 個別指導計画 of the same months are linked to read beside.
 */
export function MaterialPanel({ documentId, facilityId, childId, doc, readOnly, target, targetLabel, onInserted }: Props) {
  const material = useRecordMaterial(documentId, true);
  const insert = (text: string) => {
    if (!target) {
      showFailure('先に、入れる先の欄をタップしてください');
      return;
    }
    const shared = doc.getText(target.name);
    const index = Math.min(target.index, shared.length);
    shared.insert(index, text);
    onInserted({ name: target.name, index: index + text.length });
    showSuccess(`「${targetLabel ?? ''}」に入れました`);
  };
  const insertButton = (text: string, what: string) =>
    readOnly ? null : (
      <Button size="sm" variant="light" style={{ flexShrink: 0 }} onClick={() => insert(text)} aria-label={`${what}を入れる`}>
        入れる
      </Button>
    );
  if (material.error) return <FormError error={material.error} />;
  const m = material.data;
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-labelledby="material-title" data-qa="progress-material">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="material-title">
            この期間の記録から
          </Title>
          {childId && (
            <Anchor component={Link} to={facilityPath(facilityId, `records/child/${childId}`)}>
              児童票を見る
            </Anchor>
          )}
        </Group>
        {!readOnly && (
          <Text size="sm" c="dark.6" aria-live="polite">
            {target ? `入れる先：${targetLabel ?? ''}` : '書く欄をタップしてから「入れる」を押してください'}
          </Text>
        )}
        {!m ? (
          <Text>読み込み中…</Text>
        ) : (
          <>
            {m.individual_plans.length > 0 && (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  個別指導計画
                </Title>
                {m.individual_plans.map((p) => (
                  <Anchor key={p.id} component={Link} to={facilityPath(facilityId, `records/doc/${p.id}`)}>
                    {yearMonthLabel(p.period_start.slice(0, 7))}の個別指導計画（{recordStatusLabels[p.status]}）
                  </Anchor>
                ))}
              </Stack>
            )}
            <Stack gap={4}>
              <Title order={3} size="h5">
                身体測定
              </Title>
              {m.growths.length === 0 && <Text size="sm">この期間の測定はありません。</Text>}
              {m.growths.map((g) => (
                <Group key={g.measured_on} justify="space-between" wrap="nowrap">
                  <Text size="sm">{g.text}</Text>
                  {insertButton(g.text, `${monthDayShortLabel(g.measured_on)}の身体測定`)}
                </Group>
              ))}
            </Stack>
            <Stack gap={4}>
              <Title order={3} size="h5">
                連絡帳の様子
              </Title>
              {m.remarks.length === 0 && <Text size="sm">この期間の連絡帳はありません。</Text>}
              <ScrollArea.Autosize mah={360}>
                <Stack gap="xs">
                  {m.remarks.map((r) => (
                    <Group key={r.date} justify="space-between" wrap="nowrap" align="flex-start" data-qa="material-remark">
                      <Text size="sm">
                        <Text span fw={700}>
                          {monthDayShortLabel(r.date)}
                        </Text>
                        {'\u3000'}
                        {r.text}
                      </Text>
                      {insertButton(r.text, `${monthDayShortLabel(r.date)}の様子`)}
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Stack>
            {m.photos.length > 0 && (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  写真
                </Title>
                <SimpleGrid cols={4} spacing={4}>
                  {m.photos.map((p) => (
                    <Anchor key={p.id} href={p.medium_url} target="_blank" rel="noreferrer">
                      <Image src={p.thumb_url} alt={`${monthDayShortLabel(p.date)}の写真`} radius="sm" />
                    </Anchor>
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
