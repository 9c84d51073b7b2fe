import { Avatar, Badge, Button, FileButton, Group, Image, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type CSSProperties, type FormEvent } from 'react';
import { guardianMessages, limits, type ChildPickupPerson } from '@renraku/contract/client';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { Loading } from '@renraku/ui/loading';
import { ChildIdRoute } from '../../../components/child-id-route';
import { Page } from '../../../components/page';
import { useLoadFailure } from '../../../components/use-load-failure';
import { ApiRequestError } from '@renraku/ui/api';
import { useChild } from '../../../lib/children';
import { usePickupPersons, useProposePickupPerson, useWithdrawPickupProposal } from '../api';

/**
 * /children/{id}/pickup-persons: who may pick the child up (staff.md §3). Every guardian of the
 * child sees the registered persons and the proposals waiting for the facility; the main guardian
 * proposes one and may withdraw a proposal until the facility answers
 * (docs/decisions/children-pickup-proposals.md).
 */
export function PickupPersonsPage() {
  return <ChildIdRoute page={PickupPersons} />;
}

// Loaded only for a malformed id: a static import here tips the bundler into moving the 404 screen
// into the chunk every signed-in screen loads (+0.3 kB gzip on /main; scripts/bundle-report.mjs).
function PickupPersons({ childId }: { childId: number }) {
  const child = useChild(childId);
  const persons = usePickupPersons(childId);
  useLoadFailure(child.error ?? persons.error, '/users/setting');
  if (!child.data || !persons.data) return <Loading />;
  const isMain = child.data.pivot.main;

  return (
    <Page title="お迎え登録者">
      <Text size="sm">
        {`${child.data.first_name}さんを保護者の方以外がお迎えに行くときは、その方を登録してください。施設が承認すると「登録済み」になり、お迎えのときに施設が写真とお名前で確かめます。`}
      </Text>
      {persons.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          お迎え登録者はいません。
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="お迎え登録者の一覧">
          {persons.data.map((person) => (
            <PersonCard key={person.id} childId={childId} person={person} canWithdraw={isMain} />
          ))}
        </Stack>
      )}
      {isMain ? (
        <ProposalForm childId={childId} />
      ) : (
        <Text size="xs" c="dimmed">
          ※お迎え登録者の申請は、代表者の方が行えます。
        </Text>
      )}
    </Page>
  );
}

function PersonCard({ childId, person, canWithdraw }: { childId: number; person: ChildPickupPerson; canWithdraw: boolean }) {
  const withdraw = useWithdrawPickupProposal(childId);
  const proposed = person.status === 'proposed';
  const ask = async () => {
    const ok = await confirm({
      title: '申請の取り下げ',
      message: `${person.name}さんの申請を取り下げますか？`,
      confirmLabel: '取り下げる',
      danger: true,
    });
    if (ok) withdraw.mutate(person.id, { onSuccess: (r) => showSuccess(r.message), onError: showFailure });
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${person.name}さん`}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar
          src={person.image_url}
          alt={person.image_url ? `${person.name}さんの写真` : ''}
          size={56}
          radius="xl"
          color="brand"
        >
          {person.name.slice(0, 1)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              {person.name}
            </Text>
            <Badge size="sm" variant="filled" color={proposed ? 'gray.8' : 'teal.9'}>
              {proposed ? '承認待ち' : '登録済み'}
            </Badge>
          </Group>
          <Text size="xs">{`続柄：${person.relation}`}</Text>
          {person.phone && <Text size="xs">{`電話番号：${person.phone}`}</Text>}
          {proposed && canWithdraw && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              px={0}
              w="fit-content"
              onClick={() => void ask()}
              loading={withdraw.isPending}
            >
              申請を取り下げる
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

const EMPTY = { name: '', relation: '', phone: '' };
type Field = keyof typeof EMPTY;

/** The main guardian's proposal: name, relation, phone and an optional photo; the server's field errors under each field. */
function ProposalForm({ childId }: { childId: number }) {
  const propose = useProposePickupPerson(childId);
  const [values, setValues] = useState(EMPTY);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field | 'upload_file', string>>>({});
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size === 0 || file.size >= limits.imageMaxBytes) return showFailure(guardianMessages.imageTooLarge);
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: typeof errors = {};
    if (!values.name.trim()) missing.name = 'お名前を入力してください';
    if (!values.relation.trim()) missing.relation = '続柄を入力してください';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    propose.mutate(
      { ...values, photo, onProgress: setProgress },
      {
        onSuccess: (person) => {
          showSuccess(`${person.name}さんを申請しました。施設の承認をお待ちください`);
          setValues(EMPTY);
          setPhoto(null);
          setPreview(null);
          setProgress(0);
        },
        onError: (error) => {
          setProgress(0);
          const fields = error instanceof ApiRequestError ? error.body.errors : undefined;
          if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join('\n')])));
          else showFailure(error);
        },
      },
    );
  };
  const input = (name: Field, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      }}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <Paper component="section" aria-labelledby="propose-heading" withBorder p="md" radius="md">
      {/* Mantine's default error red is too light on white for small text (axe color-contrast). */}
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
        <Stack gap="sm">
          <Title order={2} size="h5" id="propose-heading">
            お迎え登録者を申請する
          </Title>
          {input('name', 'お名前', { required: true, maxLength: 50, autoComplete: 'off' })}
          {input('relation', 'お子さまとの続柄', {
            required: true,
            maxLength: 20,
            description: '例：祖母、叔父、ベビーシッター',
          })}
          {input('phone', '電話番号', { type: 'tel', inputMode: 'tel', maxLength: 20, autoComplete: 'off' })}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              写真（任意）
            </Text>
            <Text size="xs" c="dimmed">
              お顔がはっきり写った写真だと、お迎えのときに施設が確かめやすくなります。
            </Text>
            {preview && <Image src={preview} alt="選択した写真のプレビュー" radius="md" mah={200} w="auto" fit="contain" />}
            <Group gap="sm">
              <FileButton onChange={choose} accept="image/*">
                {(props) => (
                  <Button {...props} variant="outline" size="sm">
                    {photo ? '写真を選び直す' : '写真を選ぶ'}
                  </Button>
                )}
              </FileButton>
              {photo && (
                <Button
                  variant="subtle"
                  size="sm"
                  onClick={() => {
                    setPhoto(null);
                    setPreview(null);
                  }}
                >
                  写真をやめる
                </Button>
              )}
            </Group>
            {errors.upload_file && (
              <Text size="xs" c="red.9" role="alert">
                {errors.upload_file}
              </Text>
            )}
          </Stack>
          {propose.isPending && photo && <Progress value={progress} aria-label="アップロードの進み具合" />}
          <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
            申請する
          </Button>
          <Text size="xs" c="dimmed">
            ※施設が確認して承認するまでは「承認待ち」と表示されます。
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
