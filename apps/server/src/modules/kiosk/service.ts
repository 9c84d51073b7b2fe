import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INT4_MAX,
  KIOSK_REPEAT_SECONDS,
  kioskMessages,
  tokyoDate,
  tokyoTime,
  type KioskScan,
  type KioskScanStatus,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import {
  childAttendances,
  children,
  childUser,
  devices,
  kioskScans,
  noteChildren,
  pickupCodes,
  pickupPersons,
  pushOutbox,
} from '../../db/schema';
import { findDeviceByCredential, LAST_SEEN_EVERY_MS, type PairedDevice } from '../staff/service';
import { HttpError } from '../../lib/errors';
import { enrolmentCovers } from '../access';
import { refuseGuessing } from './code-guesses';
import { sha256Hex } from './hash';
import type { ScanGroupCommit } from './scan-group-commit';
import { staffOfProof, type StaffOfProof } from './staff-identification';

/**
 * The gate kiosk (staff.md §6; docs/decisions/kiosk-scans-once.md): the day's roster for offline
 * use, and the scans the tablet made, each taken once.
 */

export { sha256Hex } from './hash';

/** Scans older than this (device time) or this far ahead are refused: a wrong device clock must not write another day. */
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

export interface ScanResult {
  id: string;
  status: KioskScanStatus;
  message: string | null;
}

/** Push texts of an arrival or pick-up (docs/decisions/kiosk-guardian-notifications.md). */
const pushText = (kind: KioskScan['kind'], firstName: string, time: string, facility: string) =>
  kind === 'arrival'
    ? { title: '登園しました', body: `${firstName}さんの登園を${time}に記録しました（${facility}）` }
    : { title: 'お迎えが完了しました', body: `${firstName}さんの降園を${time}に記録しました（${facility}）` };

/** Rows of `db.execute` on either driver (node-postgres answers `{ rows }`, PGlite the same; some an array). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Takes the scans in the order sent. An arrival, or a pick-up without a code, goes to the group
 * commit (`scans`, `scan-group-commit.ts`): recorded by one statement with the scans of other
 * requests that arrive at the same time, which also finds the device (401 or 403 from its answer,
 * nothing written then); consecutive ones of the request go together. A pick-up by code, which must
 * use the code exactly when the scan is recorded, is a transaction after the device's own lookup,
 * as a scan whose device time is far off; both wait for the request's earlier scans. The device's
 * skew is noted with the last scan.
 */
export async function recordKioskScans(
  ctx: AppContext,
  scans: ScanGroupCommit,
  credentialHash: string,
  input: { sentAt: string; scans: KioskScan[]; ip: string },
  now: Date,
): Promise<{ results: ScanResult[]; skew_ms: number }> {
  const skew = now.getTime() - new Date(input.sentAt).getTime();
  const clamped = Math.max(-INT4_MAX, Math.min(INT4_MAX, skew));
  let device: PairedDevice | undefined;
  const deviceOf = async () => (device ??= refuseUnlessKiosk(await findDeviceByCredential(ctx.db, credentialHash, now)));
  const staffCache = new Map<string, Promise<StaffOfProof>>();
  const results: ScanResult[] = [];
  let together: ScanToRecord[] = [];
  const flush = async () => {
    if (together.length > 0) results.push(...(await scans.record(together)));
    together = [];
  };
  const refuse = async (scan: KioskScan, skewOf: number | null, message: string) => {
    await flush();
    results.push(await rejectScan(ctx, await deviceOf(), scan, now, skewOf, message));
  };
  for (const [i, scan] of input.scans.entries()) {
    const skewOf = i === input.scans.length - 1 ? clamped : null;
    const at = new Date(scan.at).getTime() - now.getTime();
    if (at > MAX_AHEAD_MS || -at > MAX_PAST_MS) {
      await refuse(scan, skewOf, kioskMessages.timeOutOfRange);
      continue;
    }
    // Who confirmed (issue 29): a guardian's QR arrival names the device; a touch, every pick-up
    // and a code need a staff member, checked here (a grant of this device covering the scan, or
    // a current staff QR of someone working here that day).
    let staff: number | null = null;
    if (scan.staff) {
      const proof = { at: new Date(scan.at), date: tokyoDate(new Date(scan.at)) };
      staff = await staffOfProof(ctx.db, await deviceOf(), scan.staff, proof, staffCache);
      if (staff === null) {
        await refuse(scan, skewOf, kioskMessages.staffInvalid);
        continue;
      }
    } else if (scan.kind === 'pickup' || scan.via === 'touch') {
      await refuse(scan, skewOf, kioskMessages.staffRequired);
      continue;
    }
    const toRecord: ScanToRecord = { credentialHash, scan, now, skew: skewOf, staff, ip: input.ip };
    if (scan.kind === 'pickup' && scan.pickup?.type === 'code') {
      await flush();
      // Guesses bounded per device and child, and per device and day (issue 30): past the bound the
      // request ends with 429, the rest of the post unread.
      await refuseGuessing(ctx.db, await deviceOf(), scan.note_child_id, now);
      results.push(await recordScan(ctx, await deviceOf(), toRecord));
    } else together.push(toRecord);
  }
  await flush();
  return { results, skew_ms: skew };
}

/** 401 without a paired device, 403 for a class's tablet (the kiosk's calls, routes.ts). */
function refuseUnlessKiosk(device: PairedDevice | null): PairedDevice {
  if (!device) throw new HttpError(401, kioskMessages.notPaired);
  if (device.purpose !== 'kiosk') throw new HttpError(403, kioskMessages.notKiosk);
  return device;
}

async function recordScan(ctx: AppContext, device: PairedDevice, input: ScanToRecord): Promise<ScanResult> {
  const { scan, now, skew, staff, ip } = input;
  const at = new Date(scan.at);
  const date = tokyoDate(at);
  const time = tokyoTime(at);
  const reply = (status: KioskScanStatus, message: string | null = null): ScanResult => ({ id: scan.id, status, message });
  const noteSkew = sql`update ${devices} set clock_skew_ms = ${skew}, last_synced_at = ${now} where id = ${device.id} and ${skew !== null}`;
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // The claim: the scan's id is taken once, whoever sends it again or at the same moment
    // (a concurrent insert of the same key waits for this transaction, then does nothing).
    const claimed = await tx
      .insert(kioskScans)
      .values({
        id: scan.id,
        companyId: device.companyId,
        facilityId: device.facilityId,
        deviceId: device.id,
        noteChildId: scan.note_child_id,
        kind: scan.kind,
        scannedAt: at,
        date,
        status: 'recorded',
        pickupType: scan.pickup?.type ?? null,
        pickupPersonId: scan.pickup?.type === 'person' ? scan.pickup.pickup_person_id : null,
        via: scan.via,
        confirmedBy: staff,
      })
      .onConflictDoNothing()
      .returning({ id: kioskScans.id });
    if (claimed.length === 0) {
      if (skew !== null) await tx.execute(noteSkew);
      return reply('duplicate', kioskMessages.duplicate);
    }
    const settle = async (status: KioskScanStatus, message: string) => {
      await tx.execute(sql`with skew as (${noteSkew})
        update ${kioskScans} set status = ${status} where id = ${scan.id}`);
      return reply(status, message);
    };

    const ahead = at.getTime() - now.getTime();
    if (ahead > MAX_AHEAD_MS || -ahead > MAX_PAST_MS) return settle('rejected', kioskMessages.timeOutOfRange);

    // The child enrolled at the device's facility on the scan's day, locked: scans of one child
    // (from any device) are taken one after the other, so the repeat rule and the times hold.
    const [child] = await tx
      .select({
        noteChildId: noteChildren.id,
        childId: noteChildren.childId,
        companyId: noteChildren.companyId,
        firstName: children.firstName,
        arrivedAt: childAttendances.arrivedAt,
        pickedUpAt: childAttendances.pickedUpAt,
      })
      .from(noteChildren)
      .innerJoin(children, eq(children.id, noteChildren.childId))
      .leftJoin(childAttendances, and(eq(childAttendances.noteChildId, noteChildren.id), eq(childAttendances.date, date)))
      .where(
        and(
          eq(noteChildren.id, scan.note_child_id),
          eq(noteChildren.facilityId, device.facilityId),
          enrolmentCovers(noteChildren, date),
        ),
      )
      .for('no key update', { of: noteChildren });
    if (!child) return settle('rejected', kioskMessages.notEnrolled);

    let codeId: number | null = null;
    if (scan.kind === 'pickup' && scan.pickup?.type === 'person') {
      const [person] = await tx
        .select({ id: pickupPersons.id })
        .from(pickupPersons)
        .where(
          and(
            eq(pickupPersons.id, scan.pickup.pickup_person_id),
            eq(pickupPersons.childId, child.childId),
            eq(pickupPersons.status, 'approved'),
          ),
        );
      if (!person) return settle('rejected', kioskMessages.pickupPersonNotFound);
    }
    if (scan.kind === 'pickup' && scan.pickup?.type === 'code') {
      // Used once: taken only while unused and unexpired at the scan's time (a savepoint: a
      // repeat found below gives it back).
      const [code] = await tx
        .select({ id: pickupCodes.id })
        .from(pickupCodes)
        .where(
          and(
            eq(pickupCodes.childId, child.childId),
            eq(pickupCodes.codeHash, sha256Hex(scan.pickup.code)),
            isNull(pickupCodes.usedAt),
            gt(pickupCodes.expiresAt, at),
          ),
        )
        .for('update');
      if (!code) return settle('rejected', kioskMessages.codeInvalid);
      codeId = code.id;
    }

    // The first arrival of the day and the last pick-up win (scans may come late and out of order).
    const before = scan.kind === 'arrival' ? child.arrivedAt : child.pickedUpAt;
    const next =
      before === null ? time : scan.kind === 'arrival' ? (time < before ? time : before) : time > before ? time : before;
    const column = scan.kind === 'arrival' ? sql.raw('arrived_at') : sql.raw('picked_up_at');
    const scanned = scan.kind === 'arrival' ? sql.raw('arrival_scanned_at') : sql.raw('pickup_scanned_at');
    const text = pushText(scan.kind, child.firstName, next, device.facilityName);
    const windowMs = KIOSK_REPEAT_SECONDS * 1000;
    // One statement: the 60-second rule (another recorded scan of the child and kind, seen now that
    // the child is locked), then, unless repeated, the day's times, the code used, the guardians'
    // pushes (the first arrival or pick-up of the day only; dedupe: the scan id and the person) and
    // the device's skew.
    const [outcome] = rowsOf<{ repeated: boolean }>(
      await tx.execute(sql`
        with repeat as (
          select exists (
            select 1 from ${kioskScans} ks
            where ks.note_child_id = ${child.noteChildId} and ks.kind = ${scan.kind} and ks.status = 'recorded'
              and ks.id <> ${scan.id}
              and ks.scanned_at > ${new Date(at.getTime() - windowMs)} and ks.scanned_at < ${new Date(at.getTime() + windowMs)}
          ) as repeated
        ), ignored as (
          update ${kioskScans} set status = 'ignored_repeat' where id = ${scan.id} and (select repeated from repeat)
        ), attendance as (
          insert into ${childAttendances} (company_id, note_child_id, date, ${column}, ${scanned}, source, device_id, recorded_by, updated_at)
          select ${child.companyId}::int, ${child.noteChildId}::int, ${date}::date, ${next}::text, ${at}::timestamptz, 'kiosk',
            ${device.id}::int, ${staff}::int, ${now}::timestamptz
          where not (select repeated from repeat)
          on conflict (note_child_id, date) do update
            set ${column} = excluded.${column}, ${scanned} = excluded.${scanned}, source = 'kiosk', device_id = excluded.device_id,
                recorded_by = excluded.recorded_by, updated_at = excluded.updated_at
        ), code as (
          update ${pickupCodes} set used_at = ${now}, used_scan_id = ${scan.id}
          where id = ${codeId} and not (select repeated from repeat)
        ), used as (
          update ${kioskScans} set pickup_code_id = ${codeId}
          where id = ${scan.id} and ${codeId !== null} and not (select repeated from repeat)
        ), push as (
          insert into ${pushOutbox} (user_id, kind, title, body, link, dedupe_key)
          select cu.user_id, 'attendance', ${text.title}::text, ${text.body}::text, '/', ${scan.id}::text || ':' || cu.user_id
          from ${childUser} cu
          where cu.child_id = ${child.childId} and cu.activated and ${before === null} and not (select repeated from repeat)
          on conflict do nothing
        ), audit as (
          insert into audit_log (company_id, facility_id, at, user_id, device_id, action, target_type, target_id, child_id, ip, details)
          select ${device.companyId}::int, ${device.facilityId}::int, ${now}::timestamptz, ${staff}::int, ${device.id}::int,
            ${`kiosk.${scan.kind}`}::text, 'child', ${child.childId}::int, ${child.childId}::int, ${ip}::text,
            ${JSON.stringify(auditDetails(scan))}::jsonb
          where not (select repeated from repeat)
        ), skew as (${noteSkew})
        select repeated from repeat`),
    );
    if (outcome!.repeated) return reply('ignored_repeat', kioskMessages.ignoredRepeat);
    return reply('recorded');
  });
}

const skewUpdate = (device: PairedDevice, skew: number | null, now: Date) =>
  sql`update ${devices} set clock_skew_ms = ${skew}, last_synced_at = ${now} where id = ${device.id} and ${skew !== null}`;

/** A scan refused before anything is read (device time far off, no or no valid staff): kept as rejected (a resend is a duplicate), nothing else. */
async function rejectScan(
  ctx: AppContext,
  device: PairedDevice,
  scan: KioskScan,
  now: Date,
  skew: number | null,
  message: string,
): Promise<ScanResult> {
  const at = new Date(scan.at);
  const [row] = rowsOf<{ id: string | null }>(
    await ctx.db.execute(sql`
      with skew as (${skewUpdate(device, skew, now)})
      insert into ${kioskScans} (id, company_id, facility_id, device_id, note_child_id, kind, scanned_at, date, status)
      values (${scan.id}, ${device.companyId}, ${device.facilityId}, ${device.id}, ${scan.note_child_id}, ${scan.kind}, ${at},
        ${tokyoDate(at)}, 'rejected')
      on conflict do nothing returning id`),
  );
  return row
    ? { id: scan.id, status: 'rejected', message }
    : { id: scan.id, status: 'duplicate', message: kioskMessages.duplicate };
}

const p = (name: string) => sql.placeholder(name);

/**
 * The device's clock skew and `last_synced_at` are written by a scan only when the skew moved by
 * more than a second or the last note is a minute old (docs/decisions/kiosk-skew-noted-on-change.md):
 * not on every scan, which made the device's row the busiest row of the morning.
 */
const SKEW_CHANGE_MS = 1000;
const SKEW_NOTED_EVERY_MS = 60 * 1000;

/**
 * A scan that the scans statement takes (an arrival, or a pick-up by a guardian or a registered
 * person), with what its request brings: the device credential's SHA-256, the server's time, and
 * the skew (on the request's last scan only).
 */
export interface ScanToRecord {
  credentialHash: string;
  scan: KioskScan;
  now: Date;
  skew: number | null;
  /** The staff member who confirmed (checked), null for a guardian's QR arrival. */
  staff: number | null;
  ip: string;
}

/** What the audit entry of a recorded scan says besides person, device and child. */
const auditDetails = (scan: KioskScan) => ({
  scan_id: scan.id,
  at: scan.at,
  via: scan.via,
  pickup_type: scan.pickup?.type ?? null,
  pickup_person_id: scan.pickup?.type === 'person' ? scan.pickup.pickup_person_id : null,
  staff_method: scan.staff?.type ?? null,
});

/** A scan's answer, or the error its request answers: its device's refusal (401 unpaired or revoked, 403 a class's tablet), a failed statement. */
export type ScanOutcome = ScanResult | Error;

interface ScanRow {
  n: number;
  paired: boolean;
  kiosk: boolean;
  dup: boolean;
  status: KioskScanStatus | null;
  enrolled: boolean;
  person_ok: boolean;
}

/**
 * Arrivals, or pick-ups by a guardian or a registered person, of one or many requests in one
 * prepared statement per kind: one round trip and one commit for all the scans that arrive
 * together (`scan-group-commit.ts`; docs/decisions/kiosk-scans-group-commit.md). The scans come
 * as one JSON array passed as text (both drivers send a string as it is). Each row finds its
 * device by the credential (docs/decisions/kiosk-device-in-scan-statement.md): nothing is written
 * for a row unless the credential is of a paired, unrevoked kiosk; the device's `last_seen_at` is
 * noted as `findDevice` does (at most once a minute), its skew when it changed (`SKEW_CHANGE_MS`,
 * `SKEW_NOTED_EVERY_MS`), once per device (its latest skew). The attendance row is the lock: its
 * upsert works on the newest version of the child's row of the day, and records only when the last
 * recorded scan of the kind (`*_scanned_at`, device time) is 60 s or more away. The same id sent
 * twice at once: the second waits on the row, finds its own time there (0 s away: nothing
 * written), and its scan row conflicts: `duplicate`.
 *
 * The caller sends no two rows of one child or one scan id (an upsert may touch a row once per
 * statement; the second of a pair must see the first: `scan-group-commit.ts` puts it in the next
 * statement). The upserts go in child order, so that two statements running at once lock the
 * children's rows in the same order.
 */
const scansStatement = (kind: KioskScan['kind']) => {
  const arrival = kind === 'arrival';
  const column = sql.raw(arrival ? 'arrived_at' : 'picked_up_at');
  const scanned = sql.raw(arrival ? 'arrival_scanned_at' : 'pickup_scanned_at');
  const keep = sql.raw(arrival ? 'least' : 'greatest');
  const seenEvery = sql.raw(`interval '${LAST_SEEN_EVERY_MS / 1000} seconds'`);
  const syncedEvery = sql.raw(`interval '${SKEW_NOTED_EVERY_MS / 1000} seconds'`);
  return preparedSql<ScanRow>(
    `kiosk_scans_${kind}`,
    sql`
      with input as (
        select * from jsonb_to_recordset(${p('rows')}::text::jsonb) as i(n int, cred text, id uuid, note_child_id int,
          date date, time text, at timestamptz, now timestamptz, person_id int, pickup_type text, body text, skew int,
          staff int, via text, ip text, details jsonb)
      ), dev as (
        select i.n, d.id, d.company_id, d.facility_id, d.purpose = 'kiosk' as kiosk, f.name as facility_name
        from input i join devices d on d.credential_hash = i.cred and d.revoked_at is null join facilities f on f.id = d.facility_id
      ), kiosk as (
        select i.*, dev.id as device_id, dev.company_id, dev.facility_id, dev.facility_name
        from input i join dev on dev.n = i.n
        where dev.kiosk
      ), seen as (
        select k.n from kiosk k where exists (select 1 from kiosk_scans ks where ks.id = k.id)
      ), child as (
        select k.n, nc.id, nc.child_id, nc.company_id, c.first_name
        from kiosk k join note_children nc on nc.id = k.note_child_id and nc.facility_id = k.facility_id
          join children c on c.id = nc.child_id
        where nc.admitted_on <= k.date and (nc.left_on is null or nc.left_on >= k.date) and k.n not in (select n from seen)
      ), refused as (
        select k.n from kiosk k
        where k.person_id is not null and not exists (
          select 1 from child join pickup_persons pp on pp.child_id = child.child_id
          where child.n = k.n and pp.id = k.person_id and pp.status = 'approved'
        )
      ), before as (
        select child.n from child join kiosk k on k.n = child.n
          join child_attendances ca on ca.note_child_id = child.id and ca.date = k.date
        where ca.${column} is not null
      ), att as (
        insert into child_attendances (company_id, note_child_id, date, ${column}, ${scanned}, source, device_id, recorded_by, updated_at)
        select child.company_id, child.id, k.date, k.time, k.at, 'kiosk', k.device_id, k.staff, k.now
        from child join kiosk k on k.n = child.n
        where child.n not in (select n from refused)
        order by child.id
        on conflict (note_child_id, date) do update
          set ${column} = coalesce(${keep}(child_attendances.${column}, excluded.${column}), excluded.${column}),
              ${scanned} = excluded.${scanned}, source = 'kiosk', device_id = excluded.device_id, recorded_by = excluded.recorded_by,
              updated_at = excluded.updated_at
          where child_attendances.${scanned} is null
            or abs(extract(epoch from child_attendances.${scanned} - excluded.${scanned})) >= ${sql.raw(String(KIOSK_REPEAT_SECONDS))}
        returning note_child_id
      ), scan as (
        insert into kiosk_scans (id, company_id, facility_id, device_id, note_child_id, kind, scanned_at, date, status, pickup_type,
          pickup_person_id, via, confirmed_by)
        select k.id, k.company_id, k.facility_id, k.device_id, k.note_child_id, ${kind}, k.at, k.date,
          case when k.n not in (select n from child) or k.n in (select n from refused) then 'rejected'
            when k.note_child_id in (select note_child_id from att) then 'recorded' else 'ignored_repeat' end,
          k.pickup_type, k.person_id, k.via, k.staff
        from kiosk k
        on conflict do nothing returning id, status
      ), push as (
        insert into push_outbox (user_id, kind, title, body, link, dedupe_key)
        select cu.user_id, 'attendance', ${p('title')}::text, child.first_name || k.body || k.facility_name || '）', '/',
          k.id::text || ':' || cu.user_id
        from child join kiosk k on k.n = child.n join child_user cu on cu.child_id = child.child_id
        where cu.activated and child.id in (select note_child_id from att) and child.n not in (select n from before)
        on conflict do nothing
      ), audit as (
        insert into audit_log (company_id, facility_id, at, user_id, device_id, action, target_type, target_id, child_id, ip, details)
        select k.company_id, k.facility_id, k.now, k.staff, k.device_id, ${sql.raw(`'kiosk.${kind}'`)}, 'child', child.child_id, child.child_id,
          k.ip, k.details
        from child join kiosk k on k.n = child.n
        where child.id in (select note_child_id from att)
      ), noted as (
        select distinct on (d.id) d.id, i.now, i.skew,
          dev.kiosk and i.skew is not null and (d.clock_skew_ms is null or d.last_synced_at is null
            or abs(d.clock_skew_ms::bigint - i.skew::bigint) > ${sql.raw(String(SKEW_CHANGE_MS))}
            or d.last_synced_at <= i.now - ${syncedEvery}) as note_skew,
          d.last_seen_at is null or d.last_seen_at <= i.now - ${seenEvery} as note_seen
        from input i join dev on dev.n = i.n join devices d on d.id = dev.id
        order by d.id, i.skew is not null desc, i.n desc
      ), touch as (
        update devices d
        set clock_skew_ms = case when noted.note_skew then noted.skew else d.clock_skew_ms end,
          last_synced_at = case when noted.note_skew then noted.now else d.last_synced_at end,
          last_seen_at = case when noted.note_seen then noted.now else d.last_seen_at end
        from noted
        where d.id = noted.id and (noted.note_skew or noted.note_seen)
      )
      select i.n, dev.n is not null as paired, coalesce(dev.kiosk, false) as kiosk, seen.n is not null as dup, scan.status,
        child.n is not null as enrolled, refused.n is null as person_ok
      from input i left join dev on dev.n = i.n left join seen on seen.n = i.n left join scan on scan.id = i.id
        left join child on child.n = i.n left join refused on refused.n = i.n`,
  );
};
const scansStatements = { arrival: scansStatement('arrival'), pickup: scansStatement('pickup') };

/**
 * Records scans of one kind in one statement (`scansStatement`: no two of one child or one id);
 * answers each scan's outcome in order. Throws only when the statement fails (nothing written then).
 */
export async function recordScansTogether(db: Db, kind: KioskScan['kind'], scans: ScanToRecord[]): Promise<ScanOutcome[]> {
  const rows = scans.map(({ credentialHash, scan, now, skew, staff, ip }, n) => {
    const at = new Date(scan.at);
    const time = tokyoTime(at);
    return {
      n,
      cred: credentialHash,
      id: scan.id,
      note_child_id: scan.note_child_id,
      date: tokyoDate(at),
      time,
      at: at.toISOString(),
      now: now.toISOString(),
      person_id: scan.pickup?.type === 'person' ? scan.pickup.pickup_person_id : null,
      pickup_type: scan.pickup?.type ?? null,
      // The push's body: the child's first name before it and the facility's name after it, from the statement.
      body: pushText(kind, '', time, '').body.slice(0, -'）'.length),
      skew,
      staff,
      via: scan.via,
      ip,
      details: auditDetails(scan),
    };
  });
  const answers = await scansStatements[kind](db).rows({ rows: JSON.stringify(rows), title: pushText(kind, '', '', '').title });
  const byRow = new Map(answers.map((row) => [row.n, row]));
  return scans.map(({ scan }, n) => scanOutcome(scan, byRow.get(n)!));
}

function scanOutcome(scan: KioskScan, row: ScanRow): ScanOutcome {
  if (!row.paired) return new HttpError(401, kioskMessages.notPaired);
  if (!row.kiosk) return new HttpError(403, kioskMessages.notKiosk);
  if (row.dup || row.status === null) return { id: scan.id, status: 'duplicate', message: kioskMessages.duplicate };
  if (row.status === 'recorded') return { id: scan.id, status: 'recorded', message: null };
  if (row.status === 'ignored_repeat') return { id: scan.id, status: 'ignored_repeat', message: kioskMessages.ignoredRepeat };
  return {
    id: scan.id,
    status: 'rejected',
    message: row.enrolled ? kioskMessages.pickupPersonNotFound : kioskMessages.notEnrolled,
  };
}
