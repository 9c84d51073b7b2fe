/**
 * Issue 31's recorded edge case: two directors changing each other's membership at the same instant.
 * Each request's check share-locks the caller's own membership and then writes the other's; without a
 * fixed lock order PostgreSQL aborts one of them with a deadlock (a 500). Both membership rows are now
 * locked by id before the check (docs/decisions/access-check-in-transaction.md): the second request
 * waits, finds its caller's membership ended (or no longer a director's) and answers like any such
 * caller; at least one director remains. On PGlite the two run one after the other: the same outcome.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deleteStaffMember, getStaffMembers, putStaffMember } from '@renraku/contract';
import { auditLog, staffMemberships } from '../src/db/schema';
import { buildChild, buildStaff } from './factories';
import { call, setupApp } from './harness';

const t = setupApp();
const db = () => t.db;
const ROUNDS = 5;

/** A facility with two directors, both signed in on a desktop. */
async function twoDirectors() {
  const { facilityId } = await buildChild(db());
  const a = await buildStaff(db(), { role: 'director', facilityId, name: '園長 A' });
  const b = await buildStaff(db(), { role: 'director', facilityId, name: '園長 B' });
  return { facilityId, a, b, agentA: await t.signInStaff(a.user), agentB: await t.signInStaff(b.user) };
}

const rowOf = async (id: number) => (await db().select().from(staffMemberships).where(eq(staffMemberships.id, id)))[0]!;
const auditsOf = async (id: number, action: 'staff.member.end' | 'staff.member.update') =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)))
  ).length;

describe('two directors changing each other’s membership at once', () => {
  it(`ending each other (${ROUNDS} rounds): one wins, the other is refused, never a 500; one director remains`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const w = await twoDirectors();
      const [byA, byB] = await Promise.all([
        call(w.agentA, deleteStaffMember, { params: { membershipId: w.b.membership.id } }),
        call(w.agentB, deleteStaffMember, { params: { membershipId: w.a.membership.id } }),
      ]);
      const statuses = [byA.statusCode, byB.statusCode];
      expect(statuses, `round ${round}`).not.toContain(500);
      // The loser's own membership was ended first: the kernel's 404, or 401 when its session was already gone.
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(1);
      expect(
        statuses.every((s) => s === 200 || s === 404 || s === 401),
        statuses.join(','),
      ).toBe(true);

      const [rowA, rowB] = [await rowOf(w.a.membership.id), await rowOf(w.b.membership.id)];
      const winner = byA.statusCode === 200 ? 'a' : 'b';
      // Exactly the loser's membership ended; the winner's is untouched.
      expect(winner === 'a' ? rowB.validUntil : rowA.validUntil).not.toBeNull();
      expect(winner === 'a' ? rowA.validUntil : rowB.validUntil).toBeNull();
      expect(
        (await auditsOf(w.a.membership.id, 'staff.member.end')) + (await auditsOf(w.b.membership.id, 'staff.member.end')),
      ).toBe(1);
      // The winner still manages the facility.
      const list = await call(winner === 'a' ? w.agentA : w.agentB, getStaffMembers, { params: { facilityId: w.facilityId } });
      expect(list.statusCode).toBe(200);
      expect(list.data.filter((m) => m.role === 'director' && m.status === 'current')).toHaveLength(1);
    }
  });

  it(`making each other 保育士 (${ROUNDS} rounds): one wins, the other is refused (403), never a 500`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const w = await twoDirectors();
      const body = { role: 'class_staff' as const, class_ids: [] as number[], valid_until: null };
      const [byA, byB] = await Promise.all([
        call(w.agentA, putStaffMember, { params: { membershipId: w.b.membership.id }, body }),
        call(w.agentB, putStaffMember, { params: { membershipId: w.a.membership.id }, body }),
      ]);
      const statuses = [byA.statusCode, byB.statusCode];
      expect(statuses, `round ${round}`).not.toContain(500);
      expect([...statuses].sort(), `round ${round}`).toEqual([200, 403]);
      const roles = [(await rowOf(w.a.membership.id)).role, (await rowOf(w.b.membership.id)).role].sort();
      expect(roles).toEqual(['class_staff', 'director']);
      expect(
        (await auditsOf(w.a.membership.id, 'staff.member.update')) + (await auditsOf(w.b.membership.id, 'staff.member.update')),
      ).toBe(1);
    }
  });
});
