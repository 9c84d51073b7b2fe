import { eq } from 'drizzle-orm';
import {
  getStaffMe,
  messages,
  postStaffLogin,
  postStaffLoginTotp,
  postStaffLogout,
  postStaffTotpEnable,
  postStaffTotpSetup,
  putStaffPin,
  staffMessages,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { devices } from '../../db/schema';
import { route, type App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { clearStaffSessionCookie, completeStaffSession, deleteStaffSession, loadStaffSession } from '../../lib/staff-sessions';
import { staffFacilities, type StaffViewer } from '../access';
import type { Db } from '../../db/client';
import { recordAudit, type AuditAction } from '../audit/service';
import { deviceRoutes } from './device-routes';
import { membershipsOf } from './memberships';
import { hasPin, setPin } from './pin';
import { signInStaff } from './sign-in';
import { memberRoutes } from './member-routes';
import { staffQrRoutes } from './staff-qr';
import { enableTotp, isTotpEnabled, startTotpSetup, totpState, verifySecondFactor } from './totp';

/** The staff side's own calls: sign-in, 2FA, the PIN, the caller, the audit log (staff.md §1–2). */
export function staffRoutes(app: App, ctx: AppContext) {
  route(app, postStaffLogin, { auth: false }, async ({ req, reply, body, now, today }) =>
    signInStaff(ctx, req, reply, { email: body.email, password: body.password, now, today }),
  );

  staffRoute(app, postStaffLoginTotp, { pending: ['totp'] }, async ({ session, body, now }) => {
    if (session.pending !== 'totp') return { stage: 'ok' as const };
    await verifySecondFactor(ctx, session.user.id, body.code, now);
    await completeStaffSession(ctx.db, session.id);
    return { stage: 'ok' as const };
  });

  route(app, postStaffLogout, { auth: false }, async ({ req, reply, now }) => {
    const session = await loadStaffSession(ctx.db, req, now);
    if (session) await deleteStaffSession(ctx.db, session.id);
    clearStaffSessionCookie(reply);
    return { message: messages.loggedOut };
  });

  staffRoute(app, getStaffMe, { pending: ['totp', 'totp_setup'] }, async ({ session, staff }) => {
    const [memberships, grants, totp, pinSet, device] = await Promise.all([
      membershipsOf(ctx.db, staff.userId),
      session.pending ? Promise.resolve([]) : staffFacilities(ctx.db, staff),
      totpState(ctx.db, staff.userId),
      hasPin(ctx.db, staff.userId),
      session.deviceId
        ? ctx.db
            .select()
            .from(devices)
            .where(eq(devices.id, session.deviceId))
            .then((rows) => rows[0])
        : Promise.resolve(undefined),
    ]);
    return {
      user: { id: session.user.id, name: session.user.name, email: session.user.email },
      stage: session.pending ?? ('ok' as const),
      totp_enabled: isTotpEnabled(totp),
      pin_set: pinSet,
      device: device ? { id: device.id, name: device.name, facility_id: device.facilityId, class_id: device.classId } : null,
      memberships: memberships.map((m) => ({
        id: m.id,
        role: m.role,
        company_id: m.companyId,
        facility_id: m.facilityId,
        class_ids: m.classIds,
        valid_from: m.validFrom,
        valid_until: m.validUntil,
      })),
      facilities: grants.map((g) => ({
        id: g.facilityId,
        name: g.facilityName,
        company_id: g.companyId,
        role: g.role,
        class_ids: g.classIds,
        chief: g.chief,
      })),
    };
  });

  staffRoute(app, postStaffTotpSetup, { pending: ['totp_setup'] }, async ({ session }) => startTotpSetup(ctx, session.user));

  staffRoute(app, postStaffTotpEnable, { pending: ['totp_setup'] }, async ({ session, staff, body, now }) => {
    const codes = await enableTotp(ctx, session.user.id, body.code, now);
    if (session.pending) await completeStaffSession(ctx.db, session.id);
    await auditOwnAccount(ctx, staff, now, 'staff.totp.enable');
    return { recovery_codes: codes };
  });

  staffRoute(app, putStaffPin, {}, async ({ staff, body, now }) => {
    await ctx.db.transaction(async (tx) => {
      await setPin(tx, staff.userId, body.pin);
      await auditOwnAccount(ctx, staff, now, 'staff.pin.set', tx);
    });
    return { message: staffMessages.pinSaved };
  });

  memberRoutes(app, ctx);
  staffQrRoutes(app, ctx);
  deviceRoutes(app, ctx);
}

/** A change to one's own account (PIN, 2FA) is entered in the log of every facility the person works at today. */
async function auditOwnAccount(ctx: AppContext, staff: StaffViewer, now: Date, action: AuditAction, db: Db = ctx.db) {
  for (const grant of await staffFacilities(db, staff)) {
    await recordAudit(db, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action,
      targetType: 'user',
      targetId: staff.userId,
    });
  }
}
