import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { recordTemplateMessages, type EditableRecordKind, type RecordTemplateEntry } from '@renraku/contract/staff';
import { fullDateTimeLabel } from '@renraku/contract/dates';
import { showFailure, showSuccess } from '../../../components/alerts';
import { useSaveTemplate } from '../setup-api';
import { addSection, bodyOf, draftOf, type DraftSection } from '../template-draft';
import { TemplateSectionEditor } from './template-section-editor';
import { TemplateSortable } from './template-sortable';

/**
 * A template's editor (records.md §2; records-templates.md): rename, reorder (drag and drop by a
 * handle, or 上へ/下へ), add and remove its sections and fields, then save it as the next version. Mounted per kind and version (`key`), so a
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
      <TemplateSortable sections={sections} onChange={setSections}>
        {sections.map((section, si) => (
          <TemplateSectionEditor key={section.key} sections={sections} index={si} onChange={setSections} />
        ))}
      </TemplateSortable>
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
