import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { showFailure } from '../../../components/alerts';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useAnswerRecognition, useRecognition } from '../api';
import { idFrom } from '@renraku/ui';
import { useLoadFailure } from '../../../components/use-load-failure';

/** /children/recognition/{id}: accept or refuse an invitation (A §2, §4). */
export function RecognitionPage() {
  const id = idFrom(useParams().id);
  if (id === null) return <NotFound />;
  return <Recognition id={id} />;
}

function Recognition({ id }: { id: number }) {
  const navigate = useNavigate();
  const recognition = useRecognition(id);
  const answer = useAnswerRecognition();
  useLoadFailure(recognition.error, '/main');
  if (!recognition.data) return <Loading />;
  const { child, mainUser } = recognition.data;

  const send = (activate: boolean) =>
    answer.mutate(
      { childId: id, activate },
      { onSuccess: () => navigate('/main', { replace: true }), onError: (error) => showFailure(error) },
    );
  const refuse = async () => {
    if (await confirm({ message: '保護者としての招待を辞退しますか？', confirmLabel: '辞退する', danger: true })) send(false);
  };

  return (
    <Page title="保護者招待の承認">
      <Stack align="center" gap="sm">
        <Avatar src={child.image_url} alt="" size={96} radius={96} color="brand">
          {child.first_name_kana.slice(0, 1)}
        </Avatar>
        <Text ta="center">
          {`${mainUser?.name ?? '代表者'}さんから、${child.first_name_kana}さんの保護者として招待されています。`}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          承認すると、お子さまの連絡帳やお知らせを見られるようになります。
        </Text>
      </Stack>
      <Group grow>
        <Button variant="default" onClick={refuse} disabled={answer.isPending}>
          拒否する
        </Button>
        <Button onClick={() => send(true)} loading={answer.isPending && answer.variables?.activate} disabled={answer.isPending}>
          承認する
        </Button>
      </Group>
    </Page>
  );
}
