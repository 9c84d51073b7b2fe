import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffPins } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

/** Sets (or replaces) a PIN and clears its lock. */
export async function setPin(db: Db, userId: number, pin: string): Promise<void> {
  const pinHash = await hashPassword(pin);
  await db
    .insert(staffPins)
    .values({ userId, pinHash })
    .onConflictDoUpdate({ target: staffPins.userId, set: { pinHash, failedCount: 0, lockedUntil: null } });
}

export async function hasPin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: staffPins.userId }).from(staffPins).where(eq(staffPins.userId, userId));
  return !!row;
}
