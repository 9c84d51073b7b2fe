import {
  deleteStaffMember,
  getStaffMembers,
  postStaffMember,
  putStaffMember,
  putStaffMemberChief,
  staffMessages,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeFacility, checkedWrite } from '../access';
import { setChief } from './chief';
import { endMember, inviteMember, listMembers, updateMember } from './members';

/** The facility's staff (staff.md §3): list, invite, change, end. */
export function memberRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffMembers, {}, async ({ staff, params }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return listMembers(ctx.db, grant, staff.today);
  });

  // Checked in the invitation's transaction (access/transactions.ts), as updates and ends are (members.ts).
  staffRoute(app, postStaffMember, {}, async ({ staff, params, body, now, reply }) => {
    const member = await checkedWrite(
      ctx,
      (db) => authorizeFacility(ctx, staff, params.facilityId, 'facility.setup', db),
      (db, grant) => inviteMember({ ...ctx, db }, staff, grant, body, now),
    );
    reply.status(201);
    return member;
  });

  staffRoute(app, putStaffMember, {}, async ({ staff, params, body, now }) =>
    updateMember(ctx, staff, params.membershipId, body, now),
  );

  // 主任 (docs/decisions/staff-chief-flag.md): the 園長 marks a 保育士 or clears the mark.
  staffRoute(app, putStaffMemberChief, {}, async ({ staff, params, body, now }) =>
    setChief(ctx, staff, params.membershipId, body.is_chief, now),
  );

  staffRoute(app, deleteStaffMember, {}, async ({ staff, params, now }) => {
    await endMember(ctx, staff, params.membershipId, now);
    return { message: staffMessages.memberEnded };
  });
}
