import type { ItemConsent } from '@renraku/contract';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { billingItemConsents, children, users } from '../../db/schema';
import { monthOf } from './inputs';

/**
 * The consents to 実費 items as the guardian app and the 料金設定 page show them: who consented (a
 * guardian in the app, or 書面 recorded by an office member) and any withdrawal, oldest first.
 */

const guardian = alias(users, 'consent_guardian');
const recorder = alias(users, 'consent_recorder');
const withdrawer = alias(users, 'consent_withdrawer');
const withdrawRecorder = alias(users, 'consent_withdraw_recorder');
const nameOf = (u: { name: AnyColumn; email: AnyColumn }) => sql<string | null>`coalesce(nullif(${u.name}, ''), ${u.email})`;

export interface ConsentRow {
  itemId: number;
  childId: number;
  childName: string;
  consent: ItemConsent;
}

export async function consentHistory(db: Db, itemIds: number[], childIds?: number[]): Promise<ConsentRow[]> {
  if (itemIds.length === 0 || childIds?.length === 0) return [];
  const c = billingItemConsents;
  const where: SQL | undefined = and(
    inArray(c.itemId, itemIds),
    childIds === undefined ? undefined : inArray(c.childId, childIds),
  );
  const rows = await db
    .select({
      itemId: c.itemId,
      childId: c.childId,
      childName: sql<string>`${children.lastName} || ' ' || ${children.firstName}`,
      userId: c.userId,
      recordedBy: c.recordedBy,
      userName: nameOf(guardian),
      recordedByName: nameOf(recorder),
      consentedAt: c.consentedAt,
      monthFrom: c.monthFrom,
      withdrawnFrom: c.withdrawnFrom,
      withdrawnAt: c.withdrawnAt,
      withdrawnByName: nameOf(withdrawer),
      withdrawnRecordedBy: c.withdrawnRecordedBy,
      withdrawnRecordedByName: nameOf(withdrawRecorder),
    })
    .from(c)
    .innerJoin(children, eq(children.id, c.childId))
    .leftJoin(guardian, eq(guardian.id, c.userId))
    .leftJoin(recorder, eq(recorder.id, c.recordedBy))
    .leftJoin(withdrawer, eq(withdrawer.id, c.withdrawnBy))
    .leftJoin(withdrawRecorder, eq(withdrawRecorder.id, c.withdrawnRecordedBy))
    .where(where)
    .orderBy(asc(c.consentedAt), asc(c.id));
  return rows.map((r) => ({
    itemId: r.itemId,
    childId: r.childId,
    childName: r.childName,
    consent: {
      user_id: r.userId,
      user_name: r.userId === null ? null : r.userName,
      consented_at: r.consentedAt.toISOString(),
      // A paper form has its recorder; its user (when named) is the guardian who signed it.
      via: r.recordedBy === null ? 'app' : 'paper',
      recorded_by_name: r.recordedBy === null ? null : r.recordedByName,
      month_from: r.monthFrom === null ? null : monthOf(r.monthFrom),
      withdrawal:
        r.withdrawnFrom === null || r.withdrawnAt === null
          ? null
          : {
              month_from: monthOf(r.withdrawnFrom),
              at: r.withdrawnAt.toISOString(),
              via: r.withdrawnRecordedBy === null ? 'app' : 'paper',
              user_name: r.withdrawnByName,
              recorded_by_name: r.withdrawnRecordedBy === null ? null : r.withdrawnRecordedByName,
            },
    },
  }));
}

/** Each item and child's latest consent (the one the guardian acts on). */
export function latestConsents(rows: ConsentRow[]) {
  const map = new Map<string, ItemConsent>();
  for (const r of rows) map.set(`${r.itemId}:${r.childId}`, r.consent);
  return map;
}
