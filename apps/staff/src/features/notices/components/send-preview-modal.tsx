import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { fullDateLabel, tokyoDate, tokyoTime } from '@renraku/contract/dates';
import type { StaffChildListItem, StaffNoticeBody } from '@renraku/contract/staff';

const formatLabels = { single_choice: 'ひとつ選ぶ', multi_choice: '複数選べる', free_text: '自由記入' } as const;

/** Who a notice reaches: the children it addresses, those whose guardians can read it, by class. */
export interface Recipients {
  /** 施設全体, or the classes' or children's names. */
  label: string;
  children: StaffChildListItem[];
}

const instantLabel = (instant: string) => `${fullDateLabel(tokyoDate(instant))} ${tokyoTime(instant)}`;

/** The children by class, as the director counts them: 「ひよこ組 5人」. */
function byClass(children: StaffChildListItem[]) {
  const counts = new Map<string, number>();
  for (const child of children)
    counts.set(child.class_name ?? 'クラスなし', (counts.get(child.class_name ?? 'クラスなし') ?? 0) + 1);
  return [...counts].map(([name, n]) => `${name} ${n}人`).join('・');
}

/**
 * Before a notice goes out (staff.md §5): who receives it (the audience, the children and their
 * families, those who cannot read it yet) and how it will look in the guardian app (title, text,
 * files, questionnaire); sent only after 「配信する」 here.
 */
export function SendPreviewModal({
  body,
  recipients,
  fileNames,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  body: StaffNoticeBody;
  recipients: Recipients;
  fileNames: string[];
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const reachable = recipients.children.filter((c) => c.guardians_count > 0);
  const unreachable = recipients.children.filter((c) => c.guardians_count === 0);
  const when = body.release === 'scheduled' && body.release_at ? `${instantLabel(body.release_at)}に配信` : 'すぐに配信';
  return (
    <Modal opened onClose={onClose} title="配信内容の確認" size="lg" closeButtonProps={{ 'aria-label': '閉じる' }}>
      <Stack gap="md">
        <Stack gap={4} component="section" aria-labelledby="preview-recipients" data-testid="preview-recipients">
          <Title order={2} size="h5" id="preview-recipients">
            配信先
          </Title>
          <Text fw={700}>{recipients.label}</Text>
          <Text data-testid="preview-counts">
            お子さま {recipients.children.length}人（{byClass(recipients.children)}）・保護者が登録済み {reachable.length}人
          </Text>
          <Text size="sm">{when}</Text>
          {recipients.children.length === 0 && <Alert color="red">配信先のお子さまがいません。</Alert>}
          {unreachable.length > 0 && (
            <Alert color="yellow" title={`保護者が未登録のお子さま ${unreachable.length}人には届きません`}>
              {unreachable.map((c) => `${c.last_name} ${c.first_name}`).join('、')}
            </Alert>
          )}
        </Stack>
        <Stack gap={4} component="section" aria-labelledby="preview-look">
          <Title order={2} size="h5" id="preview-look">
            保護者の画面での見え方
          </Title>
          <Paper withBorder p="md" radius="md" maw={420} data-testid="notice-preview">
            <Stack gap="xs">
              <Text fw={700} size="lg">
                {body.title}
              </Text>
              {body.text && <Text style={{ whiteSpace: 'pre-wrap' }}>{body.text}</Text>}
              {fileNames.length > 0 && (
                <List size="sm" aria-label="添付ファイル">
                  {fileNames.map((name) => (
                    <List.Item key={name}>📎 {name}</List.Item>
                  ))}
                </List>
              )}
              {body.questionnaire && (
                <Stack gap={6} data-testid="preview-questionnaire">
                  <Text fw={700}>アンケート（回答期限 {instantLabel(body.questionnaire.close_at)}）</Text>
                  {body.questionnaire.questions.map((q, i) => (
                    <Stack key={i} gap={2}>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {i + 1}. {q.text}
                        </Text>
                        {q.is_required && (
                          <Badge color="red.9" variant="filled" size="sm">
                            必須
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {formatLabels[q.answer_format]}
                        {q.answer_format !== 'free_text' && `：${(q.choices ?? []).join('／')}`}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            戻って直す
          </Button>
          <Button onClick={onConfirm} loading={busy} disabled={recipients.children.length === 0}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
