import { ActionIcon, Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  childRecordBody,
  childRecordFieldLabels,
  childRecordMessages,
  type ChildRecord,
  type ChildRecordFieldKey,
  type ChildRecordInput,
} from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { dateTimeLabel } from '@renraku/ui/dates';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useSaveChildRecord } from '../api';

const keys = Object.keys(childRecordFieldLabels) as ChildRecordFieldKey[];
const inputOf = (record: ChildRecord): ChildRecordInput => {
  const { updated_at: _at, updated_by: _by, ...fields } = record.fields;
  return fields;
};

/**
 * The 児童票's own fields (records-child-records.md): read as text, edited in place by the
 * 園長, 法人管理者, 主任 and the child's class staff; checked with the server's schema first.
 */
export function ChildRecordFields({ record }: { record: ChildRecord }) {
  const [editing, setEditing] = useState(false);
  const f = record.fields;
  return (
    <Paper component="section" aria-labelledby="child-record-fields" withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="child-record-fields">
            児童票の記録
          </Title>
          {record.can_edit && !editing && (
            <Button size="md" variant="light" onClick={() => setEditing(true)}>
              児童票を編集
            </Button>
          )}
        </Group>
        {editing ? (
          <ChildRecordForm record={record} onDone={() => setEditing(false)} />
        ) : (
          <>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
              {keys.map((key) => (
                <div key={key}>
                  <Text component="dt" size="sm" c="dark.6">
                    {childRecordFieldLabels[key]}
                  </Text>
                  <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                    {f[key] || '—'}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <div>
              <Text size="sm" c="dark.6">
                緊急連絡先
              </Text>
              {f.emergency_contacts.length === 0 ? (
                <Text>—</Text>
              ) : (
                <ol style={{ margin: 0 }}>
                  {f.emergency_contacts.map((c, i) => (
                    <li key={i}>
                      {c.name}（{c.relation || '続柄未入力'}）{c.phone}
                    </li>
                  ))}
                </ol>
              )}
            </div>
            {f.updated_at && (
              <Text size="sm" c="dark.6">
                最終更新：{f.updated_by}（{dateTimeLabel(f.updated_at)}）
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ChildRecordForm({ record, onDone }: { record: ChildRecord; onDone: () => void }) {
  const [values, setValues] = useState<ChildRecordInput>(() => inputOf(record));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveChildRecord(record.child.id);
  const server = serverFieldErrors(save.error, [...keys, 'emergency_contacts']);
  const shown = { ...server.fields, ...errors };
  const contacts = values.emergency_contacts;
  const setContact = (i: number, part: 'name' | 'relation' | 'phone', value: string) =>
    setValues({ ...values, emergency_contacts: contacts.map((c, j) => (j === i ? { ...c, [part]: value } : c)) });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validate(childRecordBody, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(checked.data, {
      onSuccess: () => {
        showSuccess(childRecordMessages.saved);
        onDone();
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate style={readableErrors}>
      <Stack gap="sm">
        {server.rest && (
          <Alert color="red" role="alert">
            {server.rest}
          </Alert>
        )}
        {keys.map((key) =>
          key === 'family_doctor' ? (
            <TextInput
              key={key}
              label={childRecordFieldLabels[key]}
              value={values[key]}
              error={shown[key]}
              onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
            />
          ) : (
            <Textarea
              key={key}
              label={childRecordFieldLabels[key]}
              value={values[key]}
              error={shown[key]}
              autosize
              minRows={2}
              onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
            />
          ),
        )}
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={500} size="sm">
            緊急連絡先（5件まで）
          </Text>
          <Stack gap="xs">
            {contacts.map((c, i) => (
              <Group key={i} align="flex-end" wrap="wrap" gap="xs">
                <TextInput
                  label={`お名前${i + 1}`}
                  value={c.name}
                  onChange={(e) => setContact(i, 'name', e.currentTarget.value)}
                />
                <TextInput
                  label="続柄"
                  w={100}
                  value={c.relation}
                  onChange={(e) => setContact(i, 'relation', e.currentTarget.value)}
                />
                <TextInput label="電話番号" value={c.phone} onChange={(e) => setContact(i, 'phone', e.currentTarget.value)} />
                <ActionIcon
                  size="xl"
                  variant="default"
                  aria-label={`緊急連絡先${i + 1}を削除`}
                  onClick={() => setValues({ ...values, emergency_contacts: contacts.filter((_, j) => j !== i) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {shown.emergency_contacts && (
              <Text c="red.9" size="sm" role="alert">
                {shown.emergency_contacts}
              </Text>
            )}
            {contacts.length < 5 && (
              <Button
                variant="default"
                size="md"
                w="fit-content"
                onClick={() => setValues({ ...values, emergency_contacts: [...contacts, { name: '', relation: '', phone: '' }] })}
              >
                緊急連絡先を追加
              </Button>
            )}
          </Stack>
        </fieldset>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onDone}>
            やめる
          </Button>
          <Button type="submit" size="md" loading={save.isPending}>
            保存する
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
