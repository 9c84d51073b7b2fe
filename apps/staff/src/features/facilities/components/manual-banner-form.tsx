import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { manualBannerBody, manualBannerMessages, type StaffManualBanner } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { useDeleteManualBanner, useManualBanner, useSaveManualBanner } from '../api';
import { otherError, serverFieldErrors, validate, type FieldErrors } from '../field-errors';

/**
 * マニュアルバナー: the link at the top of the guardians' home feed (e.g. the facility's guide for
 * families). Without one of its own the facility's guardians see the operator's.
 */
export function ManualBannerSection({ facilityId }: { facilityId: number }) {
  const { data, isPending, error } = useManualBanner(facilityId);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="manual-banner-title">
      <Title order={3} size="h4" id="manual-banner-title" mb="xs">
        マニュアルバナー
      </Title>
      <Text size="sm" mb="sm">
        保護者のホーム画面の上部に表示されるリンクです。設定しない場合は運営のマニュアルバナー（アプリの使い方）が表示されます。
      </Text>
      {isPending ? (
        <Loading />
      ) : error ? (
        <FormError error={error} />
      ) : (
        <ManualBannerForm key={data.data?.updated_at ?? 'none'} facilityId={facilityId} banner={data.data} />
      )}
    </Paper>
  );
}

function ManualBannerForm({ facilityId, banner }: { facilityId: number; banner: StaffManualBanner | null }) {
  const [fields, setFields] = useState({ title: banner?.title ?? '', url: banner?.url ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveManualBanner(facilityId);
  const remove = useDeleteManualBanner(facilityId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(manualBannerBody, fields);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => showSuccess(manualBannerMessages.saved),
      onError: (e) => setErrors(serverFieldErrors(e)),
    });
  };

  const onDelete = async () => {
    const ok = await confirm({
      title: 'マニュアルバナーの削除',
      message: 'この施設のマニュアルバナーを削除しますか？保護者には運営のマニュアルバナーが表示されます。',
      confirmLabel: '削除する',
      danger: true,
    });
    if (ok) remove.mutate(undefined, { onSuccess: (res) => showSuccess(res.message), onError: (e) => showFailure(e) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="マニュアルバナー">
      <Stack gap="sm" maw={720}>
        <Text size="sm" fw={500} data-testid="manual-banner-state">
          {banner ? '現在：この施設のマニュアルバナーを表示しています' : '現在：運営のマニュアルバナーを表示しています'}
        </Text>
        <TextInput
          label="バナーの文言"
          required
          size="md"
          placeholder="例：さくら保育園アプリの使い方"
          value={fields.title}
          onChange={(e) => {
            const title = e.currentTarget.value;
            setFields((f) => ({ ...f, title }));
          }}
          error={errors.title}
          maxLength={40}
        />
        <TextInput
          label="リンク先のURL"
          required
          size="md"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={fields.url}
          onChange={(e) => {
            const url = e.currentTarget.value;
            setFields((f) => ({ ...f, url }));
          }}
          error={errors.url}
          maxLength={500}
        />
        <FormError error={otherError(save.error)} />
        <Group>
          <Button type="submit" size="md" loading={save.isPending}>
            マニュアルバナーを保存
          </Button>
          {banner && (
            <Button variant="outline" color="red.9" size="md" onClick={() => void onDelete()} loading={remove.isPending}>
              削除して運営のバナーに戻す
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
