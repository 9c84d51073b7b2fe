import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { addField, move, moveField, removeField, updateField, updateSection, type DraftSection } from '../template-draft';
import { TemplateFieldEditor } from './template-field-editor';
import { FieldList, useSortableItem } from './template-sortable';

/**
 * One section of a template in the editor: its title, moved by its handle (drag and drop) or one
 * place up or down, removed; its fields, each moved the same ways, within it or to another section.
 */
export function TemplateSectionEditor({
  sections,
  index: si,
  onChange,
}: {
  sections: DraftSection[];
  index: number;
  onChange: (next: DraftSection[]) => void;
}) {
  const section = sections[si]!;
  const title = section.title || `欄${si + 1}`;
  const sortable = useSortableItem('section', section.key, `欄「${title}」`);
  return (
    <Paper ref={sortable.ref} style={sortable.style} withBorder p="md" radius="md" data-testid={`section-${section.key}`}>
      <Stack gap="sm">
        <Group align="end" gap="sm" wrap="wrap">
          {sortable.handle}
          <TextInput
            label="欄の見出し"
            value={section.title}
            onChange={(e) => onChange(updateSection(sections, si, { title: e.currentTarget.value }))}
            maxLength={60}
            style={{ flex: '1 1 16rem' }}
          />
          <Group gap={4}>
            <Button
              variant="default"
              size="xs"
              onClick={() => onChange(move(sections, si, -1))}
              disabled={si === 0}
              aria-label={`欄「${title}」を上へ`}
            >
              ↑
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => onChange(move(sections, si, 1))}
              disabled={si === sections.length - 1}
              aria-label={`欄「${title}」を下へ`}
            >
              ↓
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => onChange(sections.filter((_, i) => i !== si))}
              disabled={sections.length === 1}
              aria-label={`欄「${title}」を削除`}
            >
              欄を削除
            </Button>
          </Group>
        </Group>
        <FieldList section={section}>
          {section.fields.map((field, fi) => (
            <TemplateFieldEditor
              key={field.key}
              field={field}
              position={fi}
              count={section.fields.length}
              onChange={(next) => onChange(updateField(sections, si, fi, next))}
              onMove={(by) => onChange(moveField(sections, si, fi, by))}
              onRemove={() => onChange(removeField(sections, si, fi))}
            />
          ))}
        </FieldList>
        <Group>
          <Button
            variant="light"
            size="sm"
            onClick={() => onChange(addField(sections, si))}
            aria-label={`欄「${title}」に項目を追加`}
          >
            項目を追加
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
