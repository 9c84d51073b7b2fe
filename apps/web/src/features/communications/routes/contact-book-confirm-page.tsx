import { Button, Stack, Text } from '@mantine/core';
import { communicationMessages as M, type ContactBookPayload } from '@renraku/contract/client';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { queuedMessage } from '../../../lib/send-queue';
import { askForPush } from '../../../lib/push-prompt';
import { useSaveContactBook } from '../api';
import { pendingForms, pendingKey } from '../components/contact-form';
import { ContactSummary } from '../components/contact-summary';

interface ConfirmState {
  payload: ContactBookPayload;
  childName: string;
  canShowPool: boolean;
}

/** /communications/message/confirm: what will be sent, then send (F §4). */
export function ContactBookConfirmPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const save = useSaveContactBook();
  const state = location.state as ConfirmState | null;
  if (!state?.payload) return <Navigate to="/communications/message" replace />;
  const { payload, childName, canShowPool } = state;
  const back = `/communications/message?child=${payload.childId}&date=${payload.contactOn}`;

  const send = () =>
    save.mutate(
      { ...payload, isSent: true },
      {
        onSuccess: (sent) => {
          // A queued send keeps the input on the form until the server has it (then the entry is sent).
          if (!sent.queued) pendingForms.delete(pendingKey(Number(payload.childId), payload.contactOn));
          showSuccess(sent.queued ? queuedMessage : M.sent);
          if (!sent.queued) askForPush();
          navigate(back, { replace: true });
        },
        onError: showFailure,
      },
    );

  return (
    <Page title="連絡帳の確認">
      <Text size="sm">以下の内容で送信します。送信後は変更できません。</Text>
      <ContactSummary childName={childName} contactOn={payload.contactOn} values={payload} canShowPool={canShowPool} />
      <Stack gap="xs">
        <Button fullWidth onClick={send} loading={save.isPending} disabled={save.isPending}>
          送信する
        </Button>
        <Button fullWidth variant="default" onClick={() => navigate(-1)} disabled={save.isPending}>
          修正する
        </Button>
      </Stack>
    </Page>
  );
}
