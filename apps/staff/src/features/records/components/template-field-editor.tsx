import { Button, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  editableFieldTypeLabels,
  recordReferenceLists,
  recordReferences,
  type RecordFieldType,
  type RecordReference,
} from '@renraku/contract/staff';
import { linesOf, withType, type DraftField } from '../template-draft';
import { useSortableItem } from './template-sortable';

const typeOptions = Object.entries(editableFieldTypeLabels).map(([value, label]) => ({ value, label }));
const factsLabels: Partial<Record<RecordFieldType, string>> = {
  attendance: '出席・欠席（登降園の記録から自動で表示）',
  naps: '午睡（午睡チェックの記録から自動で表示）',
};
const referenceOptions = recordReferences.map((value) => ({ value, label: recordReferenceLists[value].name }));

/**
 * One field of a template in the editor: its name, its type (chosen while the field is new), its
 * type's parts (a grid's rows and columns, the tick list, a choice's options), moved (by its handle,
 * within its section or to another one, or one place up or down) and removed.
 * The textareas are uncontrolled (one line each): `resetKey` remounts them after a reset.
 */
export function TemplateFieldEditor({
  field,
  position,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  position: number;
  count: number;
  onChange: (next: DraftField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = field.label || `項目${position + 1}`;
  const facts = factsLabels[field.type];
  const sortable = useSortableItem('field', field.key, `項目「${name}」`);
  return (
    <Paper ref={sortable.ref} style={sortable.style} withBorder p="sm" radius="sm" data-testid={`field-${field.key}`}>
      <Stack gap="xs">
        <Group align="end" gap="sm" wrap="wrap">
          {sortable.handle}
          <TextInput
            label="項目名"
            value={field.label}
            onChange={(e) => onChange({ ...field, label: e.currentTarget.value })}
            maxLength={60}
            style={{ flex: '1 1 14rem' }}
          />
          {facts ? (
            <Text size="sm" c="dark.6" style={{ flex: '1 1 14rem' }}>
              {facts}
            </Text>
          ) : (
            <Select
              label="種類"
              data={typeOptions}
              value={field.type}
              allowDeselect={false}
              disabled={!field.fresh}
              description={field.fresh ? undefined : '保存済みの項目の種類は変えられません'}
              onChange={(type) => type && onChange(withType(field, type as RecordFieldType))}
              style={{ flex: '1 1 14rem' }}
            />
          )}
          <Group gap={4}>
            <Button
              variant="default"
              size="xs"
              onClick={() => onMove(-1)}
              disabled={position === 0}
              aria-label={`「${name}」を上へ`}
            >
              ↑
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={() => onMove(1)}
              disabled={position === count - 1}
              aria-label={`「${name}」を下へ`}
            >
              ↓
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={onRemove}
              disabled={count === 1}
              aria-label={`「${name}」を削除`}
            >
              削除
            </Button>
          </Group>
        </Group>
        {field.type === 'grid' && (
          <Group grow align="start">
            <Textarea
              label="行（1行に1つ）"
              defaultValue={(field.rows ?? []).join('\n')}
              onChange={(e) => onChange({ ...field, rows: linesOf(e.currentTarget.value) })}
              autosize
              minRows={2}
            />
            <Textarea
              label="列（1行に1つ）"
              defaultValue={(field.columns ?? []).join('\n')}
              onChange={(e) => onChange({ ...field, columns: linesOf(e.currentTarget.value) })}
              autosize
              minRows={2}
            />
          </Group>
        )}
        {field.type === 'ticks' && (
          <Stack gap={4}>
            <Select
              label="チェックする一覧"
              data={referenceOptions}
              value={field.reference ?? null}
              allowDeselect={false}
              onChange={(reference) => reference && onChange({ ...field, reference: reference as RecordReference })}
            />
            {field.reference && (
              <Text size="sm" c="dark.6">
                {recordReferenceLists[field.reference].items.join('・')}
              </Text>
            )}
          </Stack>
        )}
        {field.type === 'choice' && (
          <Textarea
            label="選択肢（1行に1つ）"
            defaultValue={(field.options ?? []).join('\n')}
            onChange={(e) => onChange({ ...field, options: linesOf(e.currentTarget.value) })}
            autosize
            minRows={2}
          />
        )}
      </Stack>
    </Paper>
  );
}
