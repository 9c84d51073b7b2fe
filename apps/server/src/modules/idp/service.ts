import type { AppContext } from '../../context';
import { verifyCredentials } from './credentials';
import * as local from './flows';

/**
 * The ID service as the app sees it (issue 8): credentials and the four flows. The local
 * implementation lives in this module; a deployer may later point the app at an external OpenID
 * Connect provider instead (ID_BASE_URL for the screens, another implementation of this interface).
 */
export interface IdentityProvider {
  verifyCredentials: (ctx: AppContext, email: string, password: string, ip: string) => ReturnType<typeof verifyCredentials>;
  startSignup: typeof local.startSignup;
  completeSignup: typeof local.completeSignup;
  startPasswordReset: typeof local.startPasswordReset;
  completePasswordReset: typeof local.completePasswordReset;
  startEmailChange: typeof local.startEmailChange;
  confirmEmailChange: typeof local.confirmEmailChange;
  changePassword: typeof local.changePassword;
}

export const localIdentityProvider: IdentityProvider = { verifyCredentials, ...local };

export { inviteStaffAccount } from './staff-invite';
export { verifyCredentials } from './credentials';
