import { RouteError as SharedRouteError } from '@renraku/ui/route-error';
import { useSession } from '../lib/session';

/**
 * The guardian app's error boundary (app/router.tsx): the shared one (packages/ui), leading home
 * when signed in, else to the login screen.
 */
export function RouteError() {
  const { user, constants } = useSession();
  return (
    <SharedRouteError
      appName={constants?.operator.app_name}
      home={user ? ['/main', 'ホームへ戻る'] : ['/login', 'ログイン画面へ戻る']}
    />
  );
}
