import { Button } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { showFailure } from '../../../components/alerts';
import { TermsPage } from './terms-page';
import { isSafePath } from '@renraku/ui';
import { useAgreeTerms, useCurrentUser } from '../../../lib/session';

/**
 * /terms and /term: the terms of use; for a signed-in ID user who has not agreed yet, the agree
 * variant with its fixed button, then on to next_path (default /main) (A §2, §4).
 */
export function TermsRoute() {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const agree = useAgreeTerms();
  const mustAgree = !!user && !!user.idp && !user.agreed_at;
  const nextPath = (location.state as { next_path?: string } | null)?.next_path;

  if (!mustAgree) return <TermsPage />;
  return (
    <TermsPage
      agreeSlot={
        <Button
          fullWidth
          size="md"
          loading={agree.isPending}
          disabled={agree.isPending}
          onClick={() =>
            agree.mutate(undefined, {
              onSuccess: () => navigate(isSafePath(nextPath) ? nextPath : '/main', { replace: true }),
              onError: showFailure,
            })
          }
        >
          利用規約に同意する
        </Button>
      }
    />
  );
}
