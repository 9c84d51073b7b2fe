import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { showFailure } from '../../../components/alerts';
import { confirm } from '../../../components/confirm';
import { FormError } from '../../../components/form-error';
import { Loading } from '@renraku/ui/loading';
import { NotFound } from '../../../components/not-found';
import { statusOf } from '@renraku/ui/api';
import { facilityPath, useFacility } from '../../../lib/facility';
import { usePageTitle } from '../../../lib/page-title';
import { roleAbilities } from '../../../lib/roles';
import { idFrom } from '@renraku/ui';
import { useChild, useIssueRegistration } from '../api';
import { HandoutSheet } from '../components/handout-sheet';
import { childKana, childName } from '../labels';
import { handoutState, registrationFromState } from '../registration-state';

/** `/staff/f/:facilityId/children/:childId/handout`. */
export function HandoutPage() {
  const childId = idFrom(useParams().childId);
  return childId ? <ChildHandout childId={childId} /> : <NotFound />;
}

/**
 * The registration handout to print (A4). The URL comes from the issue call's answer, carried in
 * the router's state (registration-state.ts); without it (a bookmark, another tab) the page offers
 * to issue a new URL rather than issuing one by itself, which would end the URL already handed out.
 */
function ChildHandout({ childId }: { childId: number }) {
  usePageTitle('登録の案内');
  const facility = useFacility();
  const location = useLocation();
  const navigate = useNavigate();
  const child = useChild(childId);
  const issue = useIssueRegistration(childId);
  const registration = registrationFromState(location.state);
  const childPath = facilityPath(facility.id, `children/${childId}`);

  const reissue = async () => {
    const ok = await confirm({
      title: '登録用URLを発行',
      message: '新しい登録用URLを発行して案内を作ります。前に発行したURL（印刷した案内を含む）は使えなくなります。発行しますか？',
      confirmLabel: '発行する',
    });
    if (!ok) return;
    issue.mutate(undefined, {
      onSuccess: (issued) => void navigate(location.pathname, { replace: true, state: handoutState(issued) }),
      onError: showFailure,
    });
  };

  if (child.isPending) return <Loading />;
  if (statusOf(child.error) === 404) return <NotFound />;

  return (
    <Container size="lg" px="md" py="lg">
      <Stack gap="lg">
        <Stack gap="sm" className="handout-toolbar">
          <Title order={1} size="h2">
            登録の案内
          </Title>
          <Group justify="space-between">
            <Anchor component={Link} to={childPath}>
              ‹ 園児の画面へ戻る
            </Anchor>
            {registration && <Button onClick={() => window.print()}>印刷する</Button>}
          </Group>
        </Stack>
        {child.error ? (
          <FormError error={child.error} />
        ) : registration ? (
          <HandoutSheet
            facilityName={facility.name}
            childName={childName(child.data)}
            childKana={childKana(child.data)}
            registration={registration}
          />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>
              登録用URLは、発行したときにだけ表示できます。この画面を開き直した場合は、新しいURLを発行して案内を作り直してください。
            </Text>
            {roleAbilities(facility.role).rosterWrite && (
              <Button loading={issue.isPending} onClick={() => void reissue()}>
                登録用URLを発行して案内を作る
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
