import { Accordion, Alert, Anchor, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { recordReferenceLists, recordStatusLabels } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { facilityPath } from '../../../lib/facility';
import { useYorokuContext } from '../yoroku-api';
import { focusByline } from './yoroku-focus-form';

const tenFigures = recordReferenceLists.ten_figures;
/** 「2033年3月31日」 */
const dayOf = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/**
 * Above a 要録's form (records.md §5): the class's 最終年度の重点, read-only here (the class's 要録
 * page writes it), and the day the 要録 is kept until.
 */
export function YorokuFocusNote({
  documentId,
  facilityId,
  classId,
}: {
  documentId: number;
  facilityId: number;
  classId: number | null;
}) {
  const context = useYorokuContext(documentId, true);
  if (context.error) return <FormError error={context.error} />;
  const c = context.data;
  const byline = c ? focusByline(c.focus) : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="yoroku-focus-title" data-qa="yoroku-focus">
      <Stack gap="xs">
        <Title order={2} size="h4" id="yoroku-focus-title">
          最終年度の重点（クラス共通）
        </Title>
        {!c ? (
          <Text>読み込み中…</Text>
        ) : (
          <>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{c.focus.text || 'まだ書かれていません。'}</Text>
            {byline && (
              <Text size="sm" c="dark.6">
                {byline}
              </Text>
            )}
            {classId && (
              <Anchor
                component={Link}
                to={facilityPath(facilityId, `records/class/${classId}/yoroku`)}
                size="sm"
                underline="always"
              >
                クラスの要録ページへ
              </Anchor>
            )}
            <Text size="sm" c="dark.6">
              保存期限：{dayOf(c.retain_until)}まで（小学校を卒業する年度の末日と、計画・記録の設定の延長）
              {c.left ? '・退所済みのため読み取り専用' : ''}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Beside a 要録's form (records.md §5): the child's earlier 経過記録 to write from (newest first)
 * and the 10の姿 as a reference list, as the 経過記録's material panel stands beside it.
 */
export function YorokuPanel({ documentId }: { documentId: number }) {
  const context = useYorokuContext(documentId, true);
  if (context.error) return <FormError error={context.error} />;
  const c = context.data;
  return (
    <Paper withBorder p="md" radius="md" component="aside" aria-labelledby="yoroku-panel-title" data-qa="yoroku-panel">
      <Stack gap="sm">
        <Title order={2} size="h4" id="yoroku-panel-title">
          これまでの経過記録
        </Title>
        {!c ? (
          <Text>読み込み中…</Text>
        ) : c.progress.length === 0 ? (
          <Alert color="gray" variant="light">
            この園児の経過記録はまだありません。
          </Alert>
        ) : (
          <ScrollArea.Autosize mah={480}>
            <Accordion multiple variant="separated" defaultValue={c.progress.slice(0, 1).map((p) => String(p.id))}>
              {c.progress.map((p) => (
                <Accordion.Item key={p.id} value={String(p.id)}>
                  <Accordion.Control>
                    {p.label}（{recordStatusLabels[p.status]}）
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      {p.sections.map((s) => (
                        <div key={s.title}>
                          <Text size="sm" fw={700}>
                            {s.title}
                          </Text>
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                            {s.text}
                          </Text>
                        </div>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </ScrollArea.Autosize>
        )}
        <Stack gap={4} component="section" aria-labelledby="yoroku-ten-title">
          <Title order={3} size="h5" id="yoroku-ten-title">
            {tenFigures.name}
          </Title>
          <List type="ordered" size="sm" spacing={2}>
            {tenFigures.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      </Stack>
    </Paper>
  );
}
