import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushOutbox, pushTokens, webPushSubscriptions } from '../../db/schema';
import { PushCategory, readPushSettings } from './categories';

/** Of these users, those with the category on and a device now (a browser subscription or a native token). */
async function reachableUsers(db: Db, userIds: number[], category: PushCategory): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  // One after the other: `db` is often the caller's transaction, whose one connection takes one
  // query at a time (pg deprecates queueing them with Promise.all, and they would not run in parallel).
  const withDevice = await db
    .select({ userId: webPushSubscriptions.userId })
    .from(webPushSubscriptions)
    .where(inArray(webPushSubscriptions.userId, userIds))
    .union(db.select({ userId: pushTokens.userId }).from(pushTokens).where(inArray(pushTokens.userId, userIds)));
  // Nobody with a device (often: families who have not allowed pushes): no settings to read.
  if (withDevice.length === 0) return new Set();
  const settings = await readPushSettings(db, userIds);
  const reachable = new Set(withDevice.map((r) => r.userId));
  return new Set(userIds.filter((id) => reachable.has(id) && settings.get(id)![category]));
}

/**
 * The children's guardians whose links count, as the access kernel answers it (`activeGuardiansOf`):
 * `lib` may not import the kernel, so the callers hand it over.
 */
export type GuardiansOf = (db: Db, childIds: number[]) => Promise<{ childId: number; userId: number }[]>;

export interface GuardianPush {
  /** The guardians to push (the areas resolve a child's guardians with the kernel's `activeGuardiansOf`). */
  userIds: number[];
  title: string;
  body: string;
  link: string | null;
  /** Per guardian: the row's key is `<dedupeKey>:<user>`, unique per kind. */
  dedupeKey: string;
  /** Held until then (a scheduled notice). */
  notBefore?: Date;
}

/**
 * Enqueues one push per guardian of each item who has the category on and a device now; a second
 * call for the same thing writes nothing (the dedupe key). A fixed number of statements for any
 * number of items (a class's 公開). Returns the rows written.
 */
export async function enqueueGuardianPushes(
  db: Db,
  category: PushCategory,
  items: GuardianPush[],
  kind: string = category,
): Promise<number> {
  return (await writePushes(db, category, items, kind)).written;
}

/**
 * `enqueueGuardianPushes`, answering who has a push of each item (the item's index and the user;
 * written now or under the same key before): a caller mails the others (billing-issue-mail.md).
 */
export async function enqueueGuardianPushesFor(
  db: Db,
  category: PushCategory,
  items: GuardianPush[],
  kind: string = category,
): Promise<{ item: number; userId: number }[]> {
  return (await writePushes(db, category, items, kind)).pushed;
}

async function writePushes(db: Db, category: PushCategory, items: GuardianPush[], kind: string) {
  const recipients = items.map((item) => [...new Set(item.userIds)]);
  const reachable = await reachableUsers(db, [...new Set(recipients.flat())], category);
  const pushed = items.flatMap((item, i) =>
    recipients[i]!.filter((userId) => reachable.has(userId)).map((userId) => ({ item: i, userId })),
  );
  const rows = pushed.map(({ item: i, userId }) => {
    const item = items[i]!;
    return {
      userId,
      kind,
      title: item.title,
      body: item.body,
      link: item.link,
      dedupeKey: `${item.dedupeKey}:${userId}`,
      ...(item.notBefore ? { nextAttemptAt: item.notBefore, createdAt: item.notBefore } : {}),
    };
  });
  if (rows.length === 0) return { pushed, written: 0 };
  const inserted = await db.insert(pushOutbox).values(rows).onConflictDoNothing().returning({ id: pushOutbox.id });
  return { pushed, written: inserted.length };
}

/** One push (to the users or the children's guardians given): `enqueueGuardianPushes` with one item. */
export const enqueueGuardianPush = (db: Db, input: GuardianPush & { category: PushCategory; kind?: string }) =>
  enqueueGuardianPushes(db, input.category, [input], input.kind);

/** Pushes not yet sent whose dedupe key starts with the prefix (a scheduled notice changed or withdrawn). */
export async function dropPendingPushes(db: Db, kind: string, dedupePrefix: string) {
  await db
    .delete(pushOutbox)
    .where(
      and(
        eq(pushOutbox.kind, kind),
        eq(pushOutbox.status, 'pending'),
        sql`starts_with(${pushOutbox.dedupeKey}, ${dedupePrefix})`,
      ),
    );
}
