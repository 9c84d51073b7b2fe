import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/form-actions';
import { useState, type FormEvent } from 'react';
import { pickupPersonBody, type PickupPerson } from '@renraku/contract/staff';
import { FormError } from '../../../components/form-error';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { validate, type FieldErrors } from '../../../lib/validate';
import { showFailure, showSuccess } from '../../../components/alerts';
import { usePickupPersonPhoto, useSavePickupPerson } from '../api';
import { checkPhotoFile, PhotoControl } from './photo-control';

const FIELDS = ['name', 'relation', 'phone'] as const;

/**
 * Adds a pick-up person (with an optional photo, sent after the person is saved), or edits one (which
 * approves a guardian's proposal; its photo changes at once).
 */
export function PickupPersonModal({
  childId,
  person,
  onClose,
}: {
  childId: number;
  /** null: a new one */
  person: PickupPerson | null;
  onClose: (saved: boolean) => void;
}) {
  const save = useSavePickupPerson(childId);
  const photo = usePickupPersonPhoto(childId);
  const [newPhoto, setNewPhoto] = useState<File | null>(null);
  const [values, setValues] = useState({
    name: person?.name ?? '',
    relation: person?.relation ?? '',
    phone: person?.phone ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const server = serverFieldErrors(save.error, FIELDS);
  const fieldError = (field: (typeof FIELDS)[number]) => errors[field] ?? server.fields[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(pickupPersonBody, values);
    setErrors(checked.errors ?? {});
    if (checked.data)
      save.mutate(
        { id: person?.id ?? null, body: checked.data, photo: newPhoto },
        {
          onSuccess: ({ photoError }) => {
            if (photoError) showFailure(photoError);
            onClose(true);
          },
        },
      );
  };
  const field = (name: (typeof FIELDS)[number], label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(e) => {
        // Read now: React clears currentTarget before the state updater runs.
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      error={fieldError(name)}
      {...extra}
    />
  );

  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={person ? (person.status === 'proposed' ? 'お迎え登録者を確認して承認' : 'お迎え登録者を編集') : 'お迎え登録者を追加'}
      closeButtonProps={{ 'aria-label': '閉じる' }}
    >
      <form onSubmit={submit} noValidate style={readableErrors}>
        <Stack gap="md">
          {server.rest && <FormError error={server.rest} />}
          {field('name', 'お名前', { required: true, maxLength: 50, 'data-autofocus': true })}
          {field('relation', '続柄', { required: true, maxLength: 20, description: '例: 祖母、叔父、ベビーシッター' })}
          {field('phone', '電話番号', { type: 'tel', inputMode: 'tel', maxLength: 20 })}
          {person ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                写真（お迎えのときに本人を確かめるため）
              </Text>
              <PhotoControl
                imageUrl={person.image_url}
                name={person.name}
                fallback={person.name.slice(0, 1)}
                canWrite
                pending={photo.isPending}
                size={72}
                onChange={(file) =>
                  photo.mutate(
                    { id: person.id, file },
                    { onSuccess: () => showSuccess(file ? '写真を登録しました' : '写真を削除しました'), onError: showFailure },
                  )
                }
              />
            </Stack>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                写真（任意・お迎えのときに本人を確かめるため）
              </Text>
              <Group gap="sm">
                <FileButton accept="image/*" onChange={(file) => checkPhotoFile(file) && setNewPhoto(file)}>
                  {(props) => (
                    <Button {...props} variant="default">
                      {newPhoto ? '写真を選び直す' : '写真を選ぶ'}
                    </Button>
                  )}
                </FileButton>
                {newPhoto && (
                  <Text size="sm" data-testid="chosen-photo">
                    {newPhoto.name}
                  </Text>
                )}
              </Group>
            </Stack>
          )}
          <FormActions
            submit={person?.status === 'proposed' ? '承認して保存' : '保存する'}
            pending={save.isPending}
            onCancel={() => onClose(false)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
