import { Alert, Anchor, Button, Fieldset, Group, Radio, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { noticeMessages, staffNoticeBody, type StaffNotice, type StaffNoticeBody } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { Page } from '../../../components/page';
import { errorText } from '@renraku/ui/api';
import { facilityPath, useFacility } from '../../../lib/facility';
import { readableErrors, serverFieldErrors } from '../../../lib/form-errors';
import { idFrom } from '@renraku/ui';
import { validate, type FieldErrors } from '../../../lib/validate';
import { useAudienceChoices, useDeleteNoticeFile, useNotice, useSaveNotice, useWithdrawNotice, uploadNoticeFile } from '../api';
import { AudienceFieldset, audienceOptions, recipientsOf } from '../components/audience-fieldset';
import { fieldsOf, instantOf, type Fields } from '../components/compose-fields';
import { QuestionnaireBuilder } from '../components/questionnaire-builder';
import { ACCEPTED, FilesFieldset } from '../components/files-fieldset';
import { SendPreviewModal } from '../components/send-preview-modal';
import { StatusBadge } from './notices-page';

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

  const options = audienceOptions(facility, choices.classes.data ?? [], choices.children.data ?? []);
  // 配信する asks first: who receives it and how it looks (null: the question is closed).
  const [preview, setPreview] = useState<StaffNoticeBody | null>(null);

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

  /** The body for this release when it is valid; else the errors are shown and null answered. */
  const checkedBody = (release: StaffNoticeBody['release']): StaffNoticeBody | null => {
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
      return null;
    }
    setErrors({});
    return final;
  };

  const submit = async (release: StaffNoticeBody['release']) => {
    const final = checkedBody(release);
    if (!final) return;
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

  // 配信する / 配信を予約 / 変更を保存 show the preview first; the preview's button sends.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setPreview(checkedBody('now'));
  };
  const sendLabel = released ? '変更を保存' : fields.release === 'scheduled' ? '配信を予約' : '配信する';

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
          <FilesFieldset
            files={notice?.files ?? []}
            pending={pending}
            disabled={withdrawn}
            resetFiles={resetFiles}
            onAdd={addFiles}
            onRemoveSaved={(fileId) =>
              notice && removeFile.mutate({ noticeId: notice.id, fileId }, { onError: (e) => showFailure(e) })
            }
            onRemovePending={(i) => setPending((x) => x.filter((_, j) => j !== i))}
          />
          <AudienceFieldset
            values={fields}
            onChange={(values) => setFields((f) => ({ ...f, ...values }))}
            classStaff={classStaff}
            options={options}
            disabled={released || withdrawn}
          />
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
                  {sendLabel}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
      {preview && (
        <SendPreviewModal
          body={preview}
          recipients={recipientsOf(fields, choices.classes.data ?? [], options.enrolled)}
          fileNames={[...(notice?.files.map((f) => f.name) ?? []), ...pending.map((p) => p.file.name)]}
          confirmLabel={sendLabel}
          busy={busy}
          onClose={() => setPreview(null)}
          onConfirm={() => void submit('now').finally(() => setPreview(null))}
        />
      )}
    </Page>
  );
}
