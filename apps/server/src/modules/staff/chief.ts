import { eq } from 'drizzle-orm';
import { memberChiefMessages, type StaffMember } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { staffMemberships } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { listMembers, manageableMembership } from './members';

/**
 * 主任 (docs/decisions/staff-chief-flag.md): the 園長 (or a company admin) marks a 保育士's membership
 * as the facility's 主任 or clears it, audited. Only a 保育士 may be 主任 (422 otherwise); a repeat
 * changes nothing and writes no audit entry.
 */
export async function setChief(
  ctx: AppContext,
  staff: StaffViewer,
  membershipId: number,
  isChief: boolean,
  now: Date,
): Promise<StaffMember> {
  return ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const { membership, grant } = await manageableMembership(ctx, staff, membershipId, db);
    if (isChief && membership.role !== 'class_staff') throw invalid('is_chief', memberChiefMessages.classStaffOnly);
    if (membership.isChief !== isChief) {
      await db.update(staffMemberships).set({ isChief }).where(eq(staffMemberships.id, membershipId));
      await recordAudit(db, staff, now, {
        companyId: grant.companyId,
        facilityId: grant.facilityId,
        action: isChief ? 'staff.member.chief_set' : 'staff.member.chief_clear',
        targetType: 'staff_membership',
        targetId: membershipId,
        details: { user_id: membership.userId, is_chief: isChief },
      });
    }
    return (await listMembers(db, grant, staff.today, membershipId))[0]!;
  });
}
