import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { yorokuMessages, type ClassYoroku } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { dateTimeLabel } from '@renraku/ui/dates';
import { useSaveYorokuFocus } from '../yoroku-api';

/** Who wrote the 重点 last, and when (blank until written). */
export function focusByline(focus: ClassYoroku['focus']): string | null {
  if (!focus.updated_at) return null;
  return `最終更新：${focus.updated_by ?? ''}（${dateTimeLabel(focus.updated_at)}）`;
}

/**
 * The class's 最終年度の重点 (records.md §5): written once for the class, shown read-only on every
 * child's 要録; a form for the class's writers, 主任 and 園長, the text for the rest.
 */
export function YorokuFocusForm({ data, year }: { data: ClassYoroku; year: number | null }) {
  const save = useSaveYorokuFocus(data.class.id, year);
  const [text, setText] = useState(data.focus.text);
  const byline = focusByline(data.focus);
  const changed = text.trim() !== data.focus.text;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="yoroku-focus-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="yoroku-focus-title">
          最終年度の重点
        </Title>
        {data.can_write ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(text, {
                onSuccess: (next) => {
                  setText(next.focus.text);
                  showSuccess(yorokuMessages.focusSaved);
                },
              });
            }}
          >
            <Stack gap="sm">
              <Textarea
                label="クラスの最終年度の重点"
                description="クラスで一度書くと、各園児の要録に表示・印刷されます（2000文字以内）"
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={2000}
              />
              <FormError error={save.error} />
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dark.6">
                  {byline}
                </Text>
                <Button type="submit" size="md" loading={save.isPending} disabled={!changed}>
                  重点を保存する
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-qa="yoroku-focus">
              {data.focus.text || 'まだ書かれていません。'}
            </Text>
            {byline && (
              <Text size="sm" c="dark.6">
                {byline}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
