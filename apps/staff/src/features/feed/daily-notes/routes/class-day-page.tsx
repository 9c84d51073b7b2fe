import { Alert, Button, Group, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  classPublishMessages,
  dailyNoteMessages,
  type ClassDay as Day,
  type DailyNoteContent,
  type DailyNoteField,
} from '@renraku/contract/staff';
import { confirm } from '../../../../components/confirm';
import { showFailure, showSuccess } from '../../../../components/alerts';
import { ClassDateFallback, ClassDateInput, ClassDateRoute, type ClassDateProps } from '../../../../components/class-date-page';
import { Page } from '../../../../components/page';
import { timeLabel } from '@renraku/ui/dates';
import { classDayKey, useApplyToClass, usePublish, usePublishClass, useClassDay } from '../api';
import { EntryGrid, rowStatus } from '../components/entry-grid';
import { groupsOf, PublishDialog } from '../components/publish-dialog';
import { contentError, useDraftAutosave, type SaveState } from '../use-draft-autosave';

const saveLabel = (state: SaveState, pending: number) => {
  if (state.kind === 'saving') return '保存中…';
  if (state.kind === 'failed')
    return state.retrying ? '保存できませんでした。通信が戻ると自動で保存します' : '保存できませんでした';
  if (pending > 0) return '未保存の変更があります';
  if (state.kind === 'saved') return `下書きを保存しました（${timeLabel(state.at.toISOString())}）`;
  return '入力は自動で下書き保存されます';
};

/** `/f/:facilityId/daily/:classId?date=`: the class's entry grid for a day (today by default). */
export function ClassDayPage() {
  // A new mount per class and day: the autosave's pending edits belong to one grid.
  return <ClassDateRoute page={ClassDay} />;
}

function ClassDay({ classId, date, today, onDate }: ClassDateProps) {
  const query = useClassDay(classId, date);
  const day = query.data;
  const drafts = useDraftAutosave(classId, date, day);
  const publish = usePublish(classId, date);
  const publishClass = usePublishClass(classId, date);
  const applyToClass = useApplyToClass(classId, date);
  const queryClient = useQueryClient();
  /** The day as the server has it once the drafts are flushed: what the confirmation lists. */
  const [confirming, setConfirming] = useState<Day | null>(null);
  const [applying, setApplying] = useState(false);

  const { flush } = drafts;
  const { mutateAsync } = publish;
  const { mutateAsync: apply } = applyToClass;
  const onApply = useCallback(
    async (field: DailyNoteField, values: DailyNoteContent, overwrite: boolean) => {
      if (
        overwrite &&
        !(await confirm({
          title: '上書きして全員に適用',
          message:
            '入力済みの園児の値も置き換えます。公開済みの連絡帳は「公開後に変更あり」になり、もう一度公開するまで保護者には前の内容が表示されます。',
          confirmLabel: '上書きする',
          danger: true,
        }))
      )
        return;
      // From the tap (the drafts' flush included) to the answer, the rows are read-only.
      setApplying(true);
      try {
        if (!(await flush())) return showFailure(classPublishMessages.draftsUnsaved);
        const answer = await apply({ field, values, overwrite });
        showSuccess(classPublishMessages.applied(answer.filled, answer.kept, answer.overwritten));
      } catch (error) {
        showFailure(error);
      } finally {
        setApplying(false);
      }
    },
    [flush, apply],
  );
  const askPublishClass = useCallback(async () => {
    try {
      if (!(await flush())) return showFailure(classPublishMessages.draftsUnsaved);
      const fresh = queryClient.getQueryData<Day>(classDayKey(classId, date));
      if (fresh) setConfirming(fresh);
    } catch (error) {
      showFailure(error);
    }
  }, [flush, queryClient, classId, date]);
  const { mutateAsync: sendClass } = publishClass;
  const confirmPublishClass = useCallback(
    async (includeEmpty: boolean) => {
      try {
        const answer = await sendClass(includeEmpty);
        const sent = answer.published.new + answer.published.changed + answer.published.empty;
        setConfirming(null);
        showSuccess(sent === 0 ? classPublishMessages.nothing : classPublishMessages.published(sent, answer.skipped.unchanged));
      } catch (error) {
        showFailure(error);
      }
    },
    [sendClass],
  );
  const doPublish = useCallback(
    async (childIds: number[]) => {
      try {
        // What is typed reaches the server first, then it is published.
        if (!(await flush())) return showFailure(classPublishMessages.draftsUnsaved);
        await mutateAsync(childIds);
        showSuccess(dailyNoteMessages.published(childIds.length));
      } catch (error) {
        showFailure(error);
      }
    },
    [flush, mutateAsync],
  );
  const onPublish = useCallback((ids: number[]) => void doPublish(ids), [doPublish]);

  if (query.error || !day) return <ClassDateFallback error={query.error} title="連絡帳記入" subject="連絡帳" />;

  const pendingIds = new Set(Object.keys(drafts.edits).map(Number));
  // What the class's 公開 would send now, the tablet's unsaved edits included (the dialog lists the server's).
  const groups = groupsOf({
    ...day,
    children: day.children.map((c) => ({
      ...c,
      status: rowStatus(c, pendingIds.has(c.child_id)),
      content: drafts.contentOf(c.child_id) ?? c.content,
    })),
  });
  const invalid = day.children.some((c) => pendingIds.has(c.child_id) && contentError(drafts.contentOf(c.child_id)!));
  const sendable = groups.new.length + groups.changed.length;

  return (
    <Page
      title={`${day.class.name}の連絡帳`}
      size="xl"
      actions={
        day.can_write && (
          <Button
            h={48}
            disabled={invalid || publish.isPending || publishClass.isPending}
            loading={publishClass.isPending}
            onClick={() => void askPublishClass()}
          >
            クラスを公開（送る{sendable}人）…
          </Button>
        )
      }
    >
      <Group justify="space-between" wrap="wrap">
        <ClassDateInput date={date} today={today} onDate={onDate} />
        <Text size="sm" role="status" aria-live="polite" data-testid="save-state">
          {day.can_write ? saveLabel(drafts.state, drafts.pending) : '閲覧のみ（記入はできません）'}
        </Text>
      </Group>
      {day.children.length === 0 ? (
        <Alert color="gray">この日にクラスに在籍している園児はいません。</Alert>
      ) : (
        <EntryGrid
          day={day}
          contentOf={drafts.contentOf}
          pendingIds={pendingIds}
          edit={drafts.edit}
          onPublish={onPublish}
          publishing={publish.isPending || publishClass.isPending}
          onApply={(field, values, overwrite) => void onApply(field, values, overwrite)}
          applying={applying}
        />
      )}
      <PublishDialog
        key={confirming ? 'open' : 'closed'}
        day={confirming}
        publishing={publishClass.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={(includeEmpty) => void confirmPublishClass(includeEmpty)}
      />
    </Page>
  );
}
