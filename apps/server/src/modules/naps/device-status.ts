import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DeviceNapChild, DeviceNapStatus } from '@renraku/contract';
import type { Db } from '../../db/client';
import { classes, napSessions } from '../../db/schema';
import type { PairedDevice } from '../staff/service';
import type { ClassChild } from './presence';
import { napDay } from './service';

/*
 * The PIN pad's nap line (docs/decisions/naps-presence.md): a locked class tablet shows whose check
 * is due without anyone unlocking it. The device cookie is the only credential, so the answer is the
 * least a person at the pad needs: today's running naps of the device's class (a facility tablet:
 * every class of its facility), each present child's id, given name and due time.
 */

/** Today's running naps the device may show: its class's, or its facility's on a tablet without one. One statement. */
function runningNaps(db: Db, device: PairedDevice, today: string) {
  return db
    .select({ klass: classes, startedAt: napSessions.startedAt })
    .from(napSessions)
    .innerJoin(classes, eq(classes.id, napSessions.classId))
    .where(
      and(
        eq(napSessions.facilityId, device.facilityId),
        eq(napSessions.date, today),
        isNull(napSessions.endedAt),
        device.classId !== null ? eq(napSessions.classId, device.classId) : undefined,
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
}

/** The given name, with the family name's first letter when another present child shares it (two 蒼太). */
function firstNames(kids: ClassChild[]): Map<number, string> {
  const shared = new Set(kids.filter((k, i) => kids.findIndex((o) => o.firstName === k.firstName) !== i).map((k) => k.firstName));
  return new Map(
    kids.map((k) => [k.id, shared.has(k.firstName) ? `${k.firstName}（${[...k.lastName][0] ?? ''}）` : k.firstName]),
  );
}

export async function deviceNapStatus(db: Db, device: PairedDevice, today: string, now: Date): Promise<DeviceNapStatus> {
  const naps: DeviceNapStatus['naps'] = [];
  for (const nap of await runningNaps(db, device, today)) {
    const { rows } = await napDay(db, nap.klass, today, now);
    const due = rows.filter((r) => r.row.next_due_at !== null);
    const names = firstNames(due.map((r) => r.child));
    naps.push({
      class: { id: nap.klass.id, name: nap.klass.name },
      started_at: nap.startedAt.toISOString(),
      children: due.map(({ row }): DeviceNapChild => ({
        id: row.id,
        first_name: names.get(row.id)!,
        next_due_at: row.next_due_at!,
        recheck: row.recheck,
      })),
    });
  }
  return { naps };
}
