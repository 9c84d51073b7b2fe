import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract';
import { staffMessages } from '@renraku/contract';
import { HttpError, unauthenticated } from './errors';
import { route, type App } from './route';
import { loadStaffSession, type SessionDevice, type StaffPending, type StaffSession } from './staff-sessions';

/**
 * A staff caller (staff.md §1), as the access kernel takes it (`StaffViewer` of modules/access is
 * this type): the person, the request's day, the paired tablet they act on (null on a desktop) and
 * where from. Staff power comes only from memberships covering `today`.
 */
export interface StaffCaller {
  userId: number;
  today: string;
  deviceId: number | null;
  /**
   * The tablet of a PIN session (its facility, company, class and kind): the session works there
   * alone (docs/decisions/access-device-sessions.md). A caller with a `deviceId` but no `device` is
   * bound to nothing: every facility is closed to it (fail closed).
   */
  device?: SessionDevice | null;
  ip: string;
  /** The child's page view a read belongs to (`x-audit-view`): one page open, one entry (audit/service.ts). */
  auditView?: string;
}

/**
 * The caller of a staff request from its session, built here only: every staff call (JSON, CSV,
 * file downloads) and anything else holding a session and the request's day and address.
 */
export const staffCallerOf = (session: StaffSession, at: { today: string; ip: string }): StaffCaller => ({
  userId: session.user.id,
  today: at.today,
  deviceId: session.deviceId,
  device: session.device,
  ip: at.ip,
});

export interface StaffCtx<C extends Call> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  now: Date;
  today: string;
  session: StaffSession;
  staff: StaffCaller;
}

interface StaffRouteOptions {
  /** The sign-in stages the call also serves (the 2FA calls); by default only a complete sign-in. */
  pending?: readonly Exclude<StaffPending, null>[];
  /**
   * A screen's background poll (the day's fingerprint): answered like any call, but it does not
   * slide a tablet's 5-minute idle expiry, so a board left open still locks (docs/decisions/day-live-updates.md).
   */
  passive?: boolean;
}

/**
 * Registers a staff call (`/api/staff/...`): only a staff session counts (a guardian's session never
 * does: 401), and only a complete one unless the call serves a pending stage (401 with the reason).
 * What the caller may do at a facility or with a child is decided by the access kernel: whether a
 * tablet's PIN session holds the call at all by its catalogue (`modules/access/staff-calls.ts`, a
 * hook before the input is validated), the rest in the handler from the memberships covering the
 * request's day.
 */
export function staffRoute<C extends Call>(
  app: App,
  call: C,
  options: StaffRouteOptions,
  handler: (ctx: StaffCtx<C>) => Promise<ResponseOf<C>>,
): void {
  const authenticate = async (req: FastifyRequest) => {
    const session = await loadStaffSession(app.ctx.db, req, req.now, !options.passive);
    if (!session) throw unauthenticated();
    if (session.pending && !options.pending?.includes(session.pending)) {
      throw new HttpError(401, session.pending === 'totp_setup' ? staffMessages.totpRequired : staffMessages.totpPending);
    }
    req.staffSession = session;
  };
  route(app, call, { auth: false, authenticate, audience: 'staff' }, async (ctx) => {
    const session = ctx.req.staffSession!;
    return handler({ ...ctx, session, staff: staffCallerOf(session, ctx.req) });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff session of a staff call, set before its input is validated. */
    staffSession?: StaffSession;
  }
}
