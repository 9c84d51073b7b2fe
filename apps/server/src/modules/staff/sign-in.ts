import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffMessages } from '@renraku/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import {
  createStaffSession,
  deleteStaffSession,
  loadStaffSession,
  pruneStaffSessions,
  setStaffSessionCookie,
  type StaffPending,
} from '../../lib/staff-sessions';
import { verifyCredentials } from '../idp/service';
import { hasCurrentMembership } from './memberships';
import { isTotpEnabled, totpState } from './totp';

/**
 * The password step of a staff sign-in: the shared ID's credentials under the guardians' rate
 * limits, then a current membership. The session starts pending the second factor when TOTP is on
 * (or must be enrolled first when 2FA is required); the id is new at every sign-in (rotation).
 */
export async function signInStaff(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string; now: Date; today: string },
): Promise<{ stage: 'ok' | 'totp' | 'totp_setup' }> {
  const user = await verifyCredentials(ctx, input.email, input.password, req.ip);
  // The same answer as a wrong password would reveal that the address has an ID; this one says
  // only that the ID has no staff membership today, which its owner needs to know.
  if (!(await hasCurrentMembership(ctx.db, user.id, input.today))) throw new HttpError(403, staffMessages.notStaff);
  const totp = await totpState(ctx.db, user.id);
  const pending: StaffPending = isTotpEnabled(totp) ? 'totp' : ctx.config.staffRequire2fa ? 'totp_setup' : null;
  const previous = await loadStaffSession(ctx.db, req, input.now);
  if (previous) await deleteStaffSession(ctx.db, previous.id);
  await pruneStaffSessions(ctx.db, input.now);
  const token = await createStaffSession(ctx.db, {
    userId: user.id,
    deviceId: null,
    pending,
    now: input.now,
    userAgent: req.headers['user-agent'],
  });
  setStaffSessionCookie(reply, req, token);
  req.log.info({ userId: user.id, pending }, 'staff login');
  return { stage: pending ?? 'ok' };
}
