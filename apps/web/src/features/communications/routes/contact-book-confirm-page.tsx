import { Button, Stack, Table, Text } from '@mantine/core';
import { communicationMessages as M, type ContactBookPayload } from '@renraku/contract';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { showFailure, showSuccess } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { useSaveContactBook } from '../api';
import { pendingForms, pendingKey } from '../components/contact-form';
import { dayLabel } from '../components/dates';

interface ConfirmState {
  payload: ContactBookPayload;
  childName: string;
  canShowPool: boolean;
}

const show = (v: string | null | undefined, suffix = '') => (v ? `${v}${suffix}` : '未入力');

/** /communications/message/confirm: what will be sent, then send (F §4). */
export function ContactBookConfirmPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const save = useSaveContactBook();
  const state = location.state as ConfirmState | null;
  if (!state?.payload) return <Navigate to="/communications/message" replace />;
  const { payload, childName, canShowPool } = state;
  const back = `/communications/message?child=${payload.childId}&date=${payload.contactOn}`;

  const rows: [string, string][] = [
    ['お子さま', childName],
    ['日付', dayLabel(payload.contactOn)],
    ['就寝時刻', show(payload.sleepTime)],
    ['起床時刻', show(payload.wakeTime)],
    ['体温', show(payload.bodyTemperature, '℃')],
    ['検温時刻', show(payload.thermometryTime)],
    ['排便', show(payload.defecationName)],
    ['排便時刻', show(payload.defecationTime)],
    ['前日の夕食', show(payload.dinner)],
    ['朝食', show(payload.breakfast)],
    ['連絡事項', show(payload.message)],
  ];
  if (canShowPool) rows.push(['プール', payload.isParticipate == null ? '未定' : payload.isParticipate ? '参加する' : '参加しない']);

  const send = () =>
    save.mutate(
      { ...payload, isSent: true },
      {
        onSuccess: () => {
          pendingForms.delete(pendingKey(Number(payload.childId), payload.contactOn));
          showSuccess(M.sent);
          navigate(back, { replace: true });
        },
        onError: showFailure,
      },
    );

  return (
    <Page title="連絡帳の確認">
      <Text size="sm">以下の内容で送信します。送信後は変更できません。</Text>
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={110}>{label}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
