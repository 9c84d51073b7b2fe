import { RouteError as SharedRouteError } from '@renraku/ui/route-error';
import { useSession } from '../lib/session';

/**
 * The guardian app's error boundary (app/router.tsx): the shared one (packages/ui), leading home
 * when signed in, else to the login screen. `landmark`: the root boundary is the whole page.
 */
export function RouteError({ landmark = false }: { landmark?: boolean }) {
  const { user, constants } = useSession();
  return (
    <SharedRouteError
      appName={constants?.operator.app_name}
      home={user ? { href: '/main', label: 'ホームへ戻る' } : { href: '/login', label: 'ログイン画面へ戻る' }}
      landmark={landmark}
    />
  );
}
