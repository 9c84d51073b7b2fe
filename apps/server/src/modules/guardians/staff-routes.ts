import { deleteStaffChildGuardian, getStaffChildGuardians } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeStaffChild, checkedWrite } from '../access';
import { auditViewOf } from '../audit/service';
import { childGuardiansForStaff, unlinkGuardian } from './staff-links';

/** Guardians' links as the facility manages them (staff.md §3). */
export function guardiansStaffRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffChildGuardians, {}, async ({ staff, params, now, req }) => {
    const granted = await authorizeStaffChild(ctx, staff, params.childId, 'facility.read');
    return childGuardiansForStaff(ctx.db, { ...staff, auditView: auditViewOf(req.headers) }, granted, now);
  });

  // Checked in the unlink's transaction (access/transactions.ts).
  staffRoute(app, deleteStaffChildGuardian, {}, async ({ staff, params, now }) =>
    checkedWrite(
      ctx,
      (db) => authorizeStaffChild(ctx, staff, params.childId, 'roster.write', db),
      (db, granted) => unlinkGuardian(db, staff, granted, params.userId, now),
    ),
  );
}
