import { functionKeys } from '@renraku/contract';
import type { Db } from '../../src/db/client';
import { childRegistrationTokens, facilityFunctions, invitations, mailOutbox } from '../../src/db/schema';
import { randomToken, sha256 } from '../../src/lib/crypto';
import { desc } from 'drizzle-orm';

/** A registration URL for a child: answers the raw token. */
export async function buildRegistrationToken(
  db: Db,
  child: { id: number; companyId: number },
  input: { expiresAt?: Date; usedAt?: Date | null } = {},
) {
  const token = randomToken(16);
  const [row] = await db
    .insert(childRegistrationTokens)
    .values({
      companyId: child.companyId,
      childId: child.id,
      tokenHash: sha256(token),
      expiresAt: input.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
      usedAt: input.usedAt ?? null,
    })
    .returning();
  return { token, row: row! };
}

export async function enableFunctions(
  db: Db,
  facility: { id: number; companyId: number },
  keys: readonly string[] = functionKeys,
) {
  await db
    .insert(facilityFunctions)
    .values(keys.map((functionKey) => ({ facilityId: facility.id, companyId: facility.companyId, functionKey, enabled: true })));
}

export async function latestMails(db: Db, limit = 5) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

export async function allInvitations(db: Db) {
  return db.select().from(invitations);
}
