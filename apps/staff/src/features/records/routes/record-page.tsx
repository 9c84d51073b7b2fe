import { Alert, Anchor, Badge, Button, Grid, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { recordStatusLabels, recordsMessages, type RecordDocument } from '@renraku/contract/staff';
import { showFailure, showSuccess } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { dateTimeLabel } from '@renraku/ui/dates';
import { facilityPath, useFacility } from '../../../lib/facility';
import { idFrom } from '@renraku/ui';
import { useStaffMe } from '../../../lib/staff-session';
import { recordPdfUrl, useRecord, useRecordSteps } from '../api';
import { MaterialPanel } from '../components/material-panel';
import { YorokuFocusNote, YorokuPanel } from '../components/yoroku-panel';
import { PhraseDrawer } from '../components/phrase-drawer';
import { PhraseOpenContext, PhraseTargetContext, type PhraseTarget } from '../components/phrase-target';
import { CaretContext, caretAt, type CaretChannel } from '../components/remote-carets';
import { RecordField } from '../components/record-field';
import { focusField, useCollab, useCollabStatus, useEditors, type CollabStatus } from '../use-collab';

/** `/f/:facilityId/records/doc/:documentId`: a plan or diary, written together (records.md §1, §3, §4). */
export function RecordPage() {
  const documentId = idFrom(useParams().documentId);
  if (!documentId) return <NotFound />;
  return <RecordScreen documentId={documentId} />;
}

function RecordScreen({ documentId }: { documentId: number }) {
  const query = useRecord(documentId);
  if (query.isPending) return <Loading />;
  if (query.error) return <FormError error={query.error} />;
  return <Shared record={query.data} />;
}

function Shared({ record }: { record: RecordDocument }) {
  const collab = useCollab(record.document.room);
  if (!collab) return <Loading />;
  return <Editor record={record} doc={collab.doc} provider={collab.provider} />;
}

/** A text field's label by its Yjs name (a grid cell `key:row:column` by its row and column). */
function labelOf(record: RecordDocument, name: string): string {
  const [key, r, c] = name.split(':');
  const field = record.template.sections.flatMap((s) => s.fields).find((f) => f.key === key);
  if (!field) return name;
  return r !== undefined ? `${field.label} ${field.rows?.[Number(r)] ?? ''} ${field.columns?.[Number(c)] ?? ''}` : field.label;
}

const statusLooks: Record<CollabStatus, { label: string; color: string }> = {
  connecting: { label: '接続中…', color: 'gray' },
  online: { label: 'オンライン・保存済み', color: 'teal' },
  saving: { label: 'オンライン・保存中', color: 'blue' },
  offline: { label: 'オフライン・保存待ち', color: 'orange' },
  denied: { label: 'この記録を開く権限がありません', color: 'red' },
};

function Editor({ record, doc, provider }: { record: RecordDocument; doc: Y.Doc; provider: HocuspocusProvider }) {
  const facility = useFacility();
  const navigate = useNavigate();
  const { data: me } = useStaffMe();
  const name = me?.user.name ?? me?.user.email ?? '職員';
  const queryClient = useQueryClient();
  const { status, scope } = useCollabStatus(provider, name, () =>
    queryClient.invalidateQueries({ queryKey: ['staff', 'records', 'document', record.document.id] }),
  );
  const editors = useEditors(provider);
  const caretChannel = useMemo<CaretChannel>(
    () => ({
      editors,
      publish: (field, index) => provider.setAwarenessField('caret', index === null ? null : caretAt(doc, field, index)),
    }),
    [editors, provider, doc],
  );
  const steps = useRecordSteps(record.document.id);
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const [target, setTarget] = useState<PhraseTarget | null>(null);
  const [phrasesOpen, setPhrasesOpen] = useState(false);
  // A field's own 文例 button: the caret it left there, else the end of its text.
  const openPhrasesAt = useCallback((at: PhraseTarget) => {
    setTarget((was) => (was?.name === at.name ? was : at));
    setPhrasesOpen(true);
  }, []);
  const { document: d } = record;
  // Typing only while the server lets this editor write (the socket refuses the rest anyway).
  const readOnly = !record.can_edit || scope === 'readonly' || status === 'denied';
  const look = statusLooks[status];

  const onSubmit = async () => {
    if (
      await confirm({
        title: '提出',
        message: `${d.title}を提出しますか？提出すると承認まで編集できません。`,
        confirmLabel: '提出する',
      })
    )
      steps.submit.mutate(undefined, { onSuccess: () => showSuccess(recordsMessages.submitted), onError: showFailure });
  };
  const onApprove = async () => {
    if (await confirm({ title: '承認', message: `${d.title}を承認しますか？`, confirmLabel: '承認する' }))
      steps.approve.mutate(undefined, { onSuccess: () => showSuccess(recordsMessages.approved), onError: showFailure });
  };
  const onReopen = () =>
    steps.reopen.mutate(undefined, {
      onSuccess: (doc) => {
        showSuccess(recordsMessages.reopened);
        navigate(facilityPath(facility.id, `records/doc/${doc.document.id}`));
      },
      onError: showFailure,
    });

  const sections = record.template.sections.map((section) => (
    <Paper key={section.key} withBorder p="md" radius="md" component="section" aria-labelledby={`section-${section.key}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`section-${section.key}`}>
          {section.title}
        </Title>
        {section.fields.map((field) => (
          <RecordField
            key={field.key}
            doc={doc}
            field={field}
            readOnly={readOnly}
            editors={editors}
            facts={record.day_facts}
            onFocusField={(key) => focusField(provider, key)}
          />
        ))}
      </Stack>
    </Paper>
  ));

  return (
    <Page
      title={d.title}
      actions={
        <Badge size="lg" variant="light" color={look.color} role="status">
          <Text span size="sm" fw={700} c="dark.8">
            {look.label}
          </Text>
        </Badge>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Text fw={700}>
              {recordStatusLabels[d.status]}（第{d.version}版）
            </Text>
            {d.approved && (
              <Text>
                承認：{d.approved.by.name}（{dateTimeLabel(d.approved.at)}）
              </Text>
            )}
            {d.child && (
              <Anchor component={Link} to={facilityPath(facility.id, `records/child/${d.child.id}`)}>
                {d.child.name}さんの児童票へ
              </Anchor>
            )}
            {d.kind === 'overall_plan' && (
              <Anchor component={Link} to={facilityPath(facility.id, `records/overall?year=${d.period_start.slice(0, 4)}`)}>
                全体的な計画の一覧へ
              </Anchor>
            )}
            {d.class && d.kind === 'yoroku' ? (
              <Anchor
                component={Link}
                to={facilityPath(facility.id, `records/class/${d.class.id}/yoroku?year=${d.period_start.slice(0, 4)}`)}
              >
                {d.class.name}の要録一覧へ
              </Anchor>
            ) : (
              d.class && (
                <Anchor
                  component={Link}
                  to={facilityPath(facility.id, `records/${d.class.id}?month=${d.period_start.slice(0, 7)}`)}
                >
                  {d.class.name}の一覧へ
                </Anchor>
              )
            )}
          </Group>
          <Group gap="sm">
            {!readOnly && (
              <Button size="md" variant="default" onClick={() => setPhrasesOpen(true)}>
                文例
              </Button>
            )}
            <Button component="a" href={recordPdfUrl(d.id)} download size="md" variant="default">
              印刷・PDF
            </Button>
            {record.can_submit && (
              <Button size="md" onClick={onSubmit} loading={steps.submit.isPending}>
                提出する
              </Button>
            )}
            {record.can_approve && (
              <>
                <Button size="md" variant="default" onClick={() => setReturning(true)}>
                  差し戻す
                </Button>
                <Button size="md" color="teal" onClick={onApprove} loading={steps.approve.isPending}>
                  承認する
                </Button>
              </>
            )}
            {record.can_reopen && (
              <Button size="md" variant="default" onClick={onReopen} loading={steps.reopen.isPending}>
                修正版を作る
              </Button>
            )}
          </Group>
        </Group>
        {editors.length > 0 && (
          <Text size="sm" mt="xs">
            いま開いている人：{[...new Set(editors.map((e) => e.name))].join('、')}
          </Text>
        )}
      </Paper>
      {d.return_comment && (
        <Alert color="orange" title="差し戻しの理由">
          {d.return_comment}
        </Alert>
      )}
      {record.versions.length > 1 && (
        <Group gap="xs">
          <Text size="sm">版：</Text>
          {record.versions.map((v) => (
            <Anchor
              key={v.id}
              component={Link}
              to={facilityPath(facility.id, `records/doc/${v.id}`)}
              fw={v.id === d.id ? 700 : 400}
            >
              第{v.version}版（{recordStatusLabels[v.status]}）
            </Anchor>
          ))}
        </Group>
      )}
      <CaretContext.Provider value={caretChannel}>
        <PhraseTargetContext.Provider value={setTarget}>
          <PhraseOpenContext.Provider value={openPhrasesAt}>
            {d.kind === 'progress_record' ? (
              <Grid>
                <Grid.Col span={{ base: 12, md: 8 }}>
                  <Stack>{sections}</Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <MaterialPanel
                    documentId={d.id}
                    facilityId={facility.id}
                    childId={d.child?.id ?? null}
                    doc={doc}
                    readOnly={readOnly}
                    target={target}
                    targetLabel={target ? labelOf(record, target.name) : null}
                    onInserted={setTarget}
                  />
                </Grid.Col>
              </Grid>
            ) : d.kind === 'yoroku' ? (
              <Grid>
                <Grid.Col span={{ base: 12, md: 8 }}>
                  <Stack>
                    <YorokuFocusNote documentId={d.id} facilityId={facility.id} classId={d.class?.id ?? null} />
                    {sections}
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <YorokuPanel documentId={d.id} />
                </Grid.Col>
              </Grid>
            ) : (
              sections
            )}
          </PhraseOpenContext.Provider>
        </PhraseTargetContext.Provider>
      </CaretContext.Provider>
      <PhraseDrawer
        opened={phrasesOpen && !readOnly}
        onClose={() => setPhrasesOpen(false)}
        doc={doc}
        facilityId={facility.id}
        ageBand={d.class?.age_band ?? null}
        month={Number(d.period_start.slice(5, 7))}
        target={target}
        targetLabel={target ? labelOf(record, target.name) : null}
        onInserted={setTarget}
      />
      <Modal opened={returning} onClose={() => setReturning(false)} title="差し戻し" centered>
        <Stack>
          <Textarea
            label="差し戻しの理由"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={3}
            data-autofocus
          />
          <FormError error={steps.giveBack.error} />
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setReturning(false)}>
              やめる
            </Button>
            <Button
              size="md"
              color="orange"
              loading={steps.giveBack.isPending}
              onClick={() =>
                steps.giveBack.mutate(comment, {
                  onSuccess: () => {
                    setReturning(false);
                    setComment('');
                    showSuccess(recordsMessages.returned);
                  },
                })
              }
            >
              差し戻す
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
