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
import { findDeviceByCredential, type PairedDevice } from '../staff/service';
import { activeLinks, authorizeDevice, cu, enrolmentCovers } from '../access';
import { refuseGuessing } from './code-guesses';
import { sha256Hex } from '../../lib/crypto';
import type { ScanGroupCommit } from './scan-group-commit';
import { auditDetails, pushText, type ScanResult, type ScanToRecord } from './scans-statement';
import { staffOfProof, type StaffOfProof } from './staff-identification';
import { rowsOf } from '../../db/rows';

/**
 * The gate kiosk (staff.md §6; docs/decisions/kiosk-scans-once.md): the day's roster for offline
 * use, and the scans the tablet made, each taken once.
 */

export type { ScanResult, ScanToRecord, ScanOutcome } from './scans-statement';

/** Scans older than this (device time) or this far ahead are refused: a wrong device clock must not write another day. */
const MAX_PAST_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

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
  const deviceOf = async () =>
    (device ??= authorizeDevice(await findDeviceByCredential(ctx.db, credentialHash, now), 'kiosk.scan'));
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
      staff = (await staffOfProof(ctx.db, await deviceOf(), scan.staff, proof, staffCache))?.userId ?? null;
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

async function recordScan(ctx: AppContext, device: PairedDevice, input: ScanToRecord): Promise<ScanResult> {
  const { scan, now, skew, staff, ip } = input;
  const at = new Date(scan.at);
  const date = tokyoDate(at);
  const time = tokyoTime(at);
  const reply = (status: KioskScanStatus, message: string | null = null): ScanResult => ({ id: scan.id, status, message });
  const noteSkew = sql`update ${devices} set clock_skew_ms = ${skew}, last_synced_at = ${now} where id = ${device.id} and ${skew !== null}`;
  return ctx.db.transaction(async (t) => {
    const tx: Db = t;
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
          where cu.child_id = ${child.childId} and ${activeLinks(cu)} and ${before === null} and not (select repeated from repeat)
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
