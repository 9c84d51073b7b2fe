import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { recordTemplateMessages, type EditableRecordKind, type RecordTemplateEntry } from '@renraku/contract/staff';
import { fullDateTimeLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { useSaveTemplate } from '../setup-api';
import {
  addField,
  addSection,
  bodyOf,
  draftOf,
  move,
  moveField,
  removeField,
  updateField,
  updateSection,
  type DraftSection,
} from '../template-draft';
import { TemplateFieldEditor } from './template-field-editor';

/**
 * A template's editor (records.md §2; records-templates.md): rename, reorder, add and remove its
 * sections and fields, then save it as the next version. Mounted per kind and version (`key`), so a
 * save or another kind starts from what the server holds.
 */
export function TemplateEditor({ facilityId, entry }: { facilityId: number; entry: RecordTemplateEntry }) {
  const [name, setName] = useState(entry.name);
  const [sections, setSections] = useState<DraftSection[]>(() => draftOf(entry.sections));
  const [resetKey, setResetKey] = useState(0);
  const save = useSaveTemplate(facilityId);
  const reset = () => {
    setName(entry.name);
    setSections(draftOf(entry.sections));
    setResetKey((n) => n + 1);
  };
  const onSave = () =>
    save.mutate(
      { kind: entry.kind as EditableRecordKind, body: bodyOf(name, entry.version, sections) },
      { onSuccess: () => showSuccess(recordTemplateMessages.saved), onError: showFailure },
    );
  return (
    <Stack gap="md" key={resetKey}>
      <Text size="sm" c="dark.6">
        {entry.version === 0
          ? '初期の様式です（まだ変更していません）。'
          : `第${entry.version}版（${entry.updated_by ?? ''}${entry.updated_at ? `・${fullDateTimeLabel(entry.updated_at)}` : ''}）`}
        保存すると新しい版になり、これから作る記録に使われます。作成済みの記録は書いたときの版のまま表示されます。
      </Text>
      {entry.documents_on_older > 0 && (
        <Alert color="blue">以前の版で書かれた記録が{entry.documents_on_older}件あります（その版のまま表示されます）。</Alert>
      )}
      <TextInput label="様式の名前" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} />
      {sections.map((section, si) => {
        const title = section.title || `欄${si + 1}`;
        return (
          <Paper key={section.key} withBorder p="md" radius="md" data-testid={`section-${section.key}`}>
            <Stack gap="sm">
              <Group align="end" gap="sm" wrap="wrap">
                <TextInput
                  label="欄の見出し"
                  value={section.title}
                  onChange={(e) => setSections(updateSection(sections, si, { title: e.currentTarget.value }))}
                  maxLength={60}
                  style={{ flex: '1 1 16rem' }}
                />
                <Group gap={4}>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setSections(move(sections, si, -1))}
                    disabled={si === 0}
                    aria-label={`欄「${title}」を上へ`}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setSections(move(sections, si, 1))}
                    disabled={si === sections.length - 1}
                    aria-label={`欄「${title}」を下へ`}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => setSections(sections.filter((_, i) => i !== si))}
                    disabled={sections.length === 1}
                    aria-label={`欄「${title}」を削除`}
                  >
                    欄を削除
                  </Button>
                </Group>
              </Group>
              {section.fields.map((field, fi) => (
                <TemplateFieldEditor
                  key={field.key}
                  field={field}
                  position={fi}
                  count={section.fields.length}
                  onChange={(next) => setSections(updateField(sections, si, fi, next))}
                  onMove={(by) => setSections(moveField(sections, si, fi, by))}
                  onRemove={() => setSections(removeField(sections, si, fi))}
                />
              ))}
              <Group>
                <Button
                  variant="light"
                  size="sm"
                  onClick={() => setSections(addField(sections, si))}
                  aria-label={`欄「${title}」に項目を追加`}
                >
                  項目を追加
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between">
        <Button variant="light" onClick={() => setSections(addSection(sections))}>
          欄を追加
        </Button>
        <Group>
          <Button variant="default" onClick={reset} disabled={save.isPending}>
            元に戻す
          </Button>
          <Button onClick={onSave} loading={save.isPending}>
            様式を保存
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
