import { Badge, Button, Checkbox, Chip, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type * as Y from 'yjs';
import { recordReferenceLists, type RecordDayFacts, type RecordField as Field } from '@renraku/contract/staff';
import { TableScroll } from '../../../components/table-scroll';
import type { Editor } from '../use-collab';
import { CollabText } from './collab-text';
import { AttendanceFacts, NapFacts } from './day-facts';
import { useOpenPhrases } from './phrase-target';
import { useYMapValue } from './y-map-value';

interface Props {
  doc: Y.Doc;
  field: Field;
  readOnly: boolean;
  editors: Editor[];
  facts: RecordDayFacts | null;
  onFocusField: (key: string | null) => void;
}

/** Who else is in this field now (their names, in their colours). */
function EditorsIn({ editors, prefix }: { editors: Editor[]; prefix: string }) {
  const here = editors.filter((e) => e.field === prefix || e.field?.startsWith(`${prefix}:`));
  if (here.length === 0) return null;
  return (
    <Group gap={4} aria-live="polite">
      {here.map((e) => (
        <Badge key={e.clientId} variant="filled" style={{ backgroundColor: e.color }} size="sm">
          {e.name}さんが入力中
        </Badge>
      ))}
    </Group>
  );
}

function Choice({ doc, field, readOnly }: Props) {
  const [value, set] = useYMapValue<string>(doc, 'values', field.key);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={`label-${field.key}`}>
        {field.label}
      </Text>
      <Chip.Group value={value ?? ''} onChange={(v) => !readOnly && set(v === value ? null : (v as string))}>
        <Group gap="xs" role="group" aria-labelledby={`label-${field.key}`}>
          {(field.options ?? []).map((o) => (
            <Chip key={o} value={o} size="md" disabled={readOnly && value !== o}>
              {o}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

function DateField({ doc, field, readOnly }: Props) {
  const [value, set] = useYMapValue<string>(doc, 'values', field.key);
  return (
    <TextInput
      type="date"
      label={field.label}
      value={value ?? ''}
      readOnly={readOnly}
      size="md"
      onChange={(e) => set(e.currentTarget.value || null)}
    />
  );
}

function Tick({ doc, field, item, readOnly }: Props & { item: string }) {
  const [value, set] = useYMapValue<boolean>(doc, 'ticks', `${field.key}:${item}`);
  return (
    <Checkbox
      label={item}
      checked={value === true}
      size="md"
      disabled={readOnly}
      onChange={(e) => set(e.currentTarget.checked ? true : null)}
    />
  );
}

function Ticks(props: Props) {
  const list = recordReferenceLists[props.field.reference!];
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {props.field.label === list.name ? list.name : `${props.field.label}（${list.name}）`}
      </Text>
      <Group gap="md">
        {list.items.map((item) => (
          <Tick key={item} {...props} item={item} />
        ))}
      </Group>
    </Stack>
  );
}

function Grid({ doc, field, readOnly, onFocusField }: Props) {
  const columns = field.columns ?? [];
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {field.label}
      </Text>
      <TableScroll label={field.label} minWidth={80 + columns.length * 200}>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                <span className="visually-hidden">行</span>
              </Table.Th>
              {columns.map((c) => (
                <Table.Th key={c} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(field.rows ?? []).map((row, r) => (
              <Table.Tr key={row}>
                <Table.Th scope="row">{row}</Table.Th>
                {columns.map((column, c) => (
                  <Table.Td key={column} p={4}>
                    <CollabText
                      doc={doc}
                      name={`${field.key}:${r}:${c}`}
                      label={`${row} ${column}`}
                      readOnly={readOnly}
                      onFocusChange={(on) => onFocusField(on ? `${field.key}:${r}:${c}` : null)}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** A template's field, bound to its part of the shared document. */
export function RecordField(props: Props) {
  const { doc, field, readOnly, editors, facts, onFocusField } = props;
  const openPhrases = useOpenPhrases();
  const body = (() => {
    switch (field.type) {
      case 'text':
      case 'short_text':
        return (
          <>
            <CollabText
              doc={doc}
              name={field.key}
              label={field.label}
              description={field.hint}
              readOnly={readOnly}
              short={field.type === 'short_text'}
              onFocusChange={(on) => onFocusField(on ? field.key : null)}
            />
            {/* The field's own 文例: one tap opens them aimed at this field (no tap on the field first). */}
            {field.type === 'text' && !readOnly && openPhrases && (
              <Group justify="flex-end">
                <Button
                  size="md"
                  variant="subtle"
                  aria-label={`${field.label}に文例を入れる`}
                  onClick={() => openPhrases({ name: field.key, index: doc.getText(field.key).length })}
                >
                  文例
                </Button>
              </Group>
            )}
          </>
        );
      case 'choice':
        return <Choice {...props} />;
      case 'date':
        return <DateField {...props} />;
      case 'ticks':
        return <Ticks {...props} />;
      case 'grid':
        return <Grid {...props} />;
      case 'attendance':
        return facts ? <AttendanceFacts facts={facts} label={field.label} /> : null;
      case 'naps':
        return facts ? <NapFacts facts={facts} label={field.label} /> : null;
    }
  })();
  return (
    <Stack gap={4}>
      <EditorsIn editors={editors} prefix={field.key} />
      {body}
    </Stack>
  );
}
