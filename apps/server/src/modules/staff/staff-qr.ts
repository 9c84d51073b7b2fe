import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { deleteStaffQr, getStaffQr, kioskMessages, messages, postStaffQr, STAFF_QR_PREFIX } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { staffQrTokens } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';
import { type App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { staffFacilities, type StaffViewer } from '../access';
import { recordAudit, type AuditAction } from '../audit/service';

/**
 * 職員QR (issue 29; docs/decisions/kiosk-staff-identification.md): a staff member's personal QR
 * that names them at the gate kiosk, and nothing else (no sign-in). Issued on the desktop sign-in
 * (account.secure in access/staff-calls.ts: a PIN must not mint a lasting credential) by a person working
 * somewhere today; the token is shown once and kept as SHA-256. Issuing again replaces it;
 * deleting revokes it; a scan the kiosk kept with the old token is then refused at the server.
 */
export function staffQrRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffQr, {}, async ({ staff }) => {
    await currentFacilities(ctx.db, staff);
    const [row] = await ctx.db.select().from(staffQrTokens).where(eq(staffQrTokens.userId, staff.userId));
    return { issued_at: row?.issuedAt.toISOString() ?? null };
  });

  staffRoute(app, postStaffQr, {}, async ({ staff, now }) => {
    const facilities = await currentFacilities(ctx.db, staff);
    const token = randomToken(32);
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(staffQrTokens)
        .values({ userId: staff.userId, tokenHash: sha256Hex(token), issuedAt: now })
        .onConflictDoUpdate({ target: staffQrTokens.userId, set: { tokenHash: sha256Hex(token), issuedAt: now } });
      await auditEach(tx, staff, now, facilities, 'staff.qr.issue');
    });
    return { qr: `${STAFF_QR_PREFIX}${token}`, issued_at: now.toISOString() };
  });

  staffRoute(app, deleteStaffQr, {}, async ({ staff, now }) => {
    const facilities = await currentFacilities(ctx.db, staff);
    await ctx.db.transaction(async (tx) => {
      const gone = await tx.delete(staffQrTokens).where(eq(staffQrTokens.userId, staff.userId)).returning();
      if (gone.length) await auditEach(tx, staff, now, facilities, 'staff.qr.revoke');
    });
    return { message: kioskMessages.staffQrRevoked };
  });
}

/** Hex SHA-256, as the gate kiosk hashes what its camera reads (modules/kiosk/hash.ts). */
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The facilities the caller works at today; none (an ended membership) → 403. */
async function currentFacilities(db: Db, staff: StaffViewer) {
  const facilities = await staffFacilities(db, staff);
  if (facilities.length === 0) throw new HttpError(403, messages.forbidden);
  return facilities;
}

async function auditEach(
  db: Db,
  staff: StaffViewer,
  now: Date,
  facilities: { companyId: number; facilityId: number }[],
  action: AuditAction,
) {
  for (const f of facilities) {
    await recordAudit(db, staff, now, {
      companyId: f.companyId,
      facilityId: f.facilityId,
      action,
      targetType: 'user',
      targetId: staff.userId,
    });
  }
}
