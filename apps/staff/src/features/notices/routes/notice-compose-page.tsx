import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  FileButton,
  Group,
  MultiSelect,
  Progress,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import { noticeMessages, staffNoticeBody, type StaffNotice, type StaffNoticeBody } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api';
import { facilityPath, useFacility } from '../../../lib/facility';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { idFrom } from '../../../lib/route-id';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useAudienceChoices, useDeleteNoticeFile, useNotice, useSaveNotice, useWithdrawNotice, uploadNoticeFile } from '../api';
import { newQuestion, QuestionnaireBuilder, type QuestionDraft } from '../components/questionnaire-builder';
import { StatusBadge } from './notices-page';

const ACCEPTED = ['image/jpeg', 'image/png', 'application/pdf'];
/** A datetime-local value (Tokyo) from an instant, and back. */
const localOf = (instant: string) => `${tokyoDate(instant)}T${tokyoTime(instant)}`;
const instantOf = (local: string) => (local ? `${local}:00+09:00` : null);
const inDays = (days: number) => localOf(new Date(Date.now() + days * 86_400_000).toISOString()).slice(0, 11) + '18:00';

interface Fields {
  title: string;
  text: string;
  audience: 'facility' | 'classes' | 'children';
  classIds: string[];
  childIds: string[];
  release: 'now' | 'scheduled';
  releaseAt: string;
  hasQuestionnaire: boolean;
  closeAt: string;
  questions: QuestionDraft[];
}

const fieldsOf = (notice: StaffNotice | undefined, defaultAudience: Fields['audience']): Fields => ({
  title: notice?.title ?? '',
  text: notice?.text ?? '',
  audience: notice?.audience?.kind ?? defaultAudience,
  classIds: notice?.audience?.kind === 'classes' ? notice.audience.ids.map(String) : [],
  childIds: notice?.audience?.kind === 'children' ? notice.audience.ids.map(String) : [],
  release: notice?.status === 'scheduled' ? 'scheduled' : 'now',
  releaseAt: notice?.status === 'scheduled' && notice.released_at ? localOf(notice.released_at) : '',
  hasQuestionnaire: !!notice?.questionnaire,
  closeAt: notice?.questionnaire ? localOf(notice.questionnaire.close_at) : inDays(7),
  questions: notice?.questionnaire
    ? notice.questionnaire.questions.map((q) => ({ ...q, choices: q.choices.map((c) => c.text) }))
    : [newQuestion()],
});

/** お知らせの作成・編集 (staff.md §5): desktop. */
export function NoticeComposePage() {
  const facility = useFacility();
  const { noticeId } = useParams();
  const id = noticeId ? idFrom(noticeId) : null;
  const notice = useNotice(id);
  if (id !== null && notice.isPending) return <Loading />;
  if (id !== null && notice.error) return <FormError error={notice.error} />;
  return <ComposeForm key={notice.data?.version ?? 'new'} facilityId={facility.id} notice={notice.data} />;
}

function ComposeForm({ facilityId, notice }: { facilityId: number; notice: StaffNotice | undefined }) {
  const facility = useFacility();
  const navigate = useNavigate();
  const classStaff = facility.role === 'class_staff';
  const [fields, setFields] = useState<Fields>(() => fieldsOf(notice, classStaff ? 'classes' : 'facility'));
  const [pending, setPending] = useState<{ file: File; progress: number }[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resetFiles = useRef<() => void>(null);
  // The notice once saved (a draft written before the files): a second try updates it, never adds another.
  const [savedId, setSavedId] = useState<number | null>(notice?.id ?? null);
  const choices = useAudienceChoices(facilityId);
  const save = useSaveNotice(facilityId);
  const withdraw = useWithdrawNotice();
  const removeFile = useDeleteNoticeFile();
  const released = notice?.status === 'released';
  const withdrawn = notice?.status === 'withdrawn';
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  useEffect(() => setFailure(null), [fields]);
  useEffect(() => setErrors((e) => (e.title && fields.title.trim() ? { ...e, title: undefined } : e)), [fields.title]);

  const classOptions = (choices.classes.data ?? [])
    .filter((c) => !classStaff || facility.class_ids.includes(c.id))
    .map((c) => ({ value: String(c.id), label: c.name }));
  const childOptions = (choices.children.data ?? [])
    .filter((c) => c.status === 'enrolled' && (!classStaff || (c.class_id !== null && facility.class_ids.includes(c.class_id))))
    .map((c) => ({ value: String(c.id), label: `${c.last_name} ${c.first_name}${c.class_name ? `（${c.class_name}）` : ''}` }));

  const bodyFor = (release: StaffNoticeBody['release']): StaffNoticeBody => ({
    title: fields.title,
    text: fields.text,
    audience:
      fields.audience === 'facility'
        ? { kind: 'facility' }
        : { kind: fields.audience, ids: (fields.audience === 'classes' ? fields.classIds : fields.childIds).map(Number) },
    release,
    release_at: fields.release === 'scheduled' ? instantOf(fields.releaseAt) : null,
    questionnaire: fields.hasQuestionnaire
      ? {
          close_at: instantOf(fields.closeAt) ?? '',
          questions: fields.questions.map((q) => ({ ...q, choices: q.answer_format === 'free_text' ? [] : q.choices })),
        }
      : null,
  });

  const addFiles = (files: File[]) => {
    resetFiles.current?.();
    if (files.some((f) => !ACCEPTED.includes(f.type))) setFailure(noticeMessages.fileType);
    setPending((p) => [...p, ...files.filter((f) => ACCEPTED.includes(f.type)).map((file) => ({ file, progress: 0 }))]);
  };

  // One by one, each with its progress; an uploaded file leaves the list (a retry never sends it twice).
  const uploadAll = async (noticeId: number) => {
    for (const { file } of pending) {
      await uploadNoticeFile(noticeId, file, (fraction) =>
        setPending((p) => p.map((x) => (x.file === file ? { ...x, progress: fraction } : x))),
      );
      setPending((p) => p.filter((x) => x.file !== file));
    }
  };

  const submit = async (release: StaffNoticeBody['release']) => {
    const final = bodyFor(release);
    const checked = validate(staffNoticeBody, final);
    if (checked.errors) {
      setErrors(checked.errors);
      setFailure(
        Object.entries(checked.errors)
          .filter(([k]) => k !== 'title')
          .map(([, v]) => v)
          .join('\n') || null,
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      let id = savedId;
      // Files go onto a draft first, so that guardians see the notice with its files at once.
      if (pending.length > 0 && !released) {
        const draft = await save.mutateAsync({ id, body: { ...final, release: 'draft' } });
        id = draft.id;
        setSavedId(id);
        await uploadAll(id);
      }
      const saved = await save.mutateAsync({ id, body: final });
      setSavedId(saved.id);
      if (pending.length > 0 && released) await uploadAll(saved.id);
      showSuccess(
        release === 'draft'
          ? '下書きを保存しました'
          : saved.status === 'scheduled'
            ? 'お知らせの配信を予約しました'
            : released
              ? 'お知らせを変更しました'
              : 'お知らせを配信しました',
      );
      navigate(facilityPath(facilityId, 'notices'));
    } catch (error) {
      const split = serverFieldErrors(error, ['title']);
      setErrors(split.fields);
      setFailure(split.rest ?? errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const onWithdraw = async () => {
    if (!notice) return;
    const ok = await confirm({
      title: 'お知らせの取り下げ',
      message: `「${notice.title}」を取り下げますか？保護者には配信されません。`,
      confirmLabel: '取り下げる',
      danger: true,
    });
    if (ok)
      withdraw.mutate(notice.id, {
        onSuccess: (res) => {
          showSuccess(res.message);
          navigate(facilityPath(facilityId, 'notices'));
        },
        onError: (e) => showFailure(e),
      });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit('now');
  };

  return (
    <Page
      title={notice ? 'お知らせの編集' : 'お知らせの作成'}
      size="md"
      actions={
        <Group gap="sm">
          {notice && <StatusBadge status={notice.status} />}
          <Anchor component={Link} to={facilityPath(facilityId, 'notices')}>
            一覧に戻る
          </Anchor>
        </Group>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={notice ? 'お知らせの編集' : 'お知らせの作成'} style={readableErrors}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
              {failure}
            </Alert>
          )}
          {released && (
            <Alert color="blue">
              配信済みです。タイトル・本文・回答期限・添付を変更できます（変更は監査ログに記録されます）。
            </Alert>
          )}
          <TextInput
            label="タイトル"
            required
            size="md"
            value={fields.title}
            onChange={(e) => set('title', e.currentTarget.value)}
            error={errors.title}
            maxLength={100}
            disabled={withdrawn}
          />
          <Textarea
            label="本文"
            autosize
            minRows={6}
            size="md"
            value={fields.text}
            onChange={(e) => set('text', e.currentTarget.value)}
            maxLength={10000}
            disabled={withdrawn}
          />
          <Fieldset legend="添付ファイル（画像・PDF）" disabled={withdrawn}>
            <Stack gap="xs">
              {notice?.files.map((f) => (
                <Group key={f.id} justify="space-between">
                  <Text>{f.name}</Text>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="sm"
                    aria-label={`${f.name}を削除`}
                    onClick={() => removeFile.mutate({ noticeId: notice.id, fileId: f.id }, { onError: (e) => showFailure(e) })}
                  >
                    削除
                  </Button>
                </Group>
              ))}
              {pending.map((p, i) => (
                <Stack key={`${p.file.name}-${i}`} gap={2}>
                  <Group justify="space-between">
                    <Text>{p.file.name}</Text>
                    <Button
                      variant="subtle"
                      size="sm"
                      onClick={() => setPending((x) => x.filter((_, j) => j !== i))}
                      aria-label={`${p.file.name}を外す`}
                    >
                      外す
                    </Button>
                  </Group>
                  <Progress value={p.progress * 100} aria-label={`${p.file.name}のアップロード`} size="sm" />
                </Stack>
              ))}
              <FileButton
                onChange={addFiles}
                accept={ACCEPTED.join(',')}
                multiple
                resetRef={resetFiles}
                inputProps={{ 'data-testid': 'notice-file-input' } as object}
              >
                {(props) => (
                  <Button {...props} variant="default" size="md" w="fit-content">
                    ファイルを追加
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Fieldset>
          <Fieldset legend="配信先" disabled={released || withdrawn}>
            <Radio.Group value={fields.audience} onChange={(v) => set('audience', v as Fields['audience'])} aria-label="配信先">
              <Group gap="lg">
                {!classStaff && <Radio value="facility" label="施設全体" size="md" />}
                <Radio value="classes" label="クラス" size="md" />
                <Radio value="children" label="お子さまを選ぶ" size="md" />
              </Group>
            </Radio.Group>
            {fields.audience === 'classes' && (
              <Checkbox.Group value={fields.classIds} onChange={(v) => set('classIds', v)} label="クラス" mt="sm">
                <Group gap="md" mt={4}>
                  {classOptions.map((c) => (
                    <Checkbox key={c.value} value={c.value} label={c.label} size="md" />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            {fields.audience === 'children' && (
              <MultiSelect
                label="お子さま"
                mt="sm"
                size="md"
                searchable
                data={childOptions}
                value={fields.childIds}
                onChange={(v) => set('childIds', v)}
              />
            )}
          </Fieldset>
          {!released && (
            <Fieldset legend="配信日時" disabled={withdrawn}>
              <Radio.Group value={fields.release} onChange={(v) => set('release', v as Fields['release'])} aria-label="配信日時">
                <Group gap="lg">
                  <Radio value="now" label="すぐに配信" size="md" />
                  <Radio value="scheduled" label="日時を指定" size="md" />
                </Group>
              </Radio.Group>
              {fields.release === 'scheduled' && (
                <TextInput
                  type="datetime-local"
                  label="配信日時"
                  size="md"
                  mt="sm"
                  w={260}
                  value={fields.releaseAt}
                  onChange={(e) => set('releaseAt', e.currentTarget.value)}
                />
              )}
            </Fieldset>
          )}
          <Fieldset legend="アンケート" disabled={withdrawn}>
            <Stack gap="sm">
              <Switch
                label="アンケートを付ける"
                size="md"
                checked={fields.hasQuestionnaire}
                disabled={released}
                onChange={(e) => set('hasQuestionnaire', e.currentTarget.checked)}
              />
              {fields.hasQuestionnaire && (
                <>
                  <TextInput
                    type="datetime-local"
                    label="回答期限"
                    size="md"
                    w={260}
                    value={fields.closeAt}
                    onChange={(e) => set('closeAt', e.currentTarget.value)}
                  />
                  <QuestionnaireBuilder questions={fields.questions} onChange={(q) => set('questions', q)} locked={released} />
                </>
              )}
            </Stack>
          </Fieldset>
          {!withdrawn && (
            <Group justify="space-between" mt="xs">
              <Group gap="sm">
                {notice && !released && (
                  <Button variant="outline" color="red" c="red.9" size="md" onClick={() => void onWithdraw()}>
                    取り下げる
                  </Button>
                )}
              </Group>
              <Group gap="sm">
                {!released && (
                  <Button variant="default" size="md" loading={busy} onClick={() => void submit('draft')}>
                    下書き保存
                  </Button>
                )}
                <Button type="submit" size="md" loading={busy}>
                  {released ? '変更を保存' : fields.release === 'scheduled' ? '配信を予約' : '配信する'}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </Page>
  );
}
