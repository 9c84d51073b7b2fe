import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { bannerLevels } from '@renraku/contract/client';
import { addDays, tokyoInstant } from '@renraku/contract/dates';
import { bannerBody, bannerLevelLabels } from '@renraku/contract/staff';
import { showSuccess } from '../../../components/alerts';
import { FormError } from '../../../components/form-error';
import { todayInTokyo } from '@renraku/ui/dates';
import { useAddBanner } from '../api';
import { otherError, serverFieldErrors, validate, type FieldErrors } from '../field-errors';

type Level = (typeof bannerLevels)[number];

/** The display period as staff think of it: from the first day's 0:00 to the end of the last day (Tokyo). */
const periodOf = (first: string, last: string) => ({
  starts_at: first ? tokyoInstant(first).toISOString() : '',
  ends_at: last ? tokyoInstant(addDays(last, 1)).toISOString() : null,
});

const initial = () => ({
  level: 'info' as Level,
  label: bannerLevelLabels.info,
  message: '',
  first: todayInTokyo(),
  last: addDays(todayInTokyo(), 6),
});

/** Adds a banner over the guardians' home feed, shown during its days (staff.md §3). */
export function BannerForm({ facilityId }: { facilityId: number }) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddBanner(facilityId);

  const setLevel = (level: Level) =>
    // The heading follows the kind unless it was written by hand.
    setFields((f) => ({ ...f, level, label: f.label === bannerLevelLabels[f.level] ? bannerLevelLabels[level] : f.label }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const period = periodOf(fields.first, fields.last);
    const checked = validate(bannerBody, { level: fields.level, label: fields.label, message: fields.message, ...period });
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    add.mutate(checked.data, {
      onSuccess: () => {
        showSuccess('バナーを追加しました');
        setFields(initial());
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="banner-add">
      <Title order={3} size="h4" id="banner-add" mb="sm">
        バナーを追加
      </Title>
      <form onSubmit={submit} noValidate aria-label="バナーを追加">
        <Stack gap="sm" maw={720}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <NativeSelect
              label="種類"
              size="md"
              value={fields.level}
              onChange={(e) => setLevel(e.currentTarget.value as Level)}
              data={bannerLevels.map((level) => ({ value: level, label: bannerLevelLabels[level] }))}
              error={errors.level}
              w={160}
            />
            <TextInput
              label="見出し"
              required
              value={fields.label}
              onChange={(e) => {
                const label = e.currentTarget.value;
                setFields((f) => ({ ...f, label }));
              }}
              error={errors.label}
              maxLength={10}
              w={200}
            />
          </Group>
          <Textarea
            label="本文"
            required
            autosize
            minRows={2}
            size="md"
            value={fields.message}
            onChange={(e) => {
              const message = e.currentTarget.value;
              setFields((f) => ({ ...f, message }));
            }}
            error={errors.message}
            maxLength={200}
          />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="表示開始日"
              type="date"
              required
              value={fields.first}
              onChange={(e) => {
                const first = e.currentTarget.value;
                setFields((f) => ({ ...f, first }));
              }}
              error={errors.starts_at}
              w={200}
            />
            <TextInput
              label="表示終了日"
              type="date"
              value={fields.last}
              onChange={(e) => {
                const last = e.currentTarget.value;
                setFields((f) => ({ ...f, last }));
              }}
              error={errors.ends_at}
              w={200}
            />
          </Group>
          <Text size="sm">
            表示開始日の0:00から表示終了日の23:59まで、この施設の園児の保護者のホーム画面に表示されます。表示終了日を空欄にすると、削除するまで表示します。
          </Text>
          <FormError error={otherError(add.error)} />
          <Group>
            <Button type="submit" loading={add.isPending}>
              追加する
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
