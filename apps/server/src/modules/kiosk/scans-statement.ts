import { sql } from 'drizzle-orm';
import {
  KIOSK_REPEAT_SECONDS,
  kioskMessages,
  tokyoDate,
  tokyoTime,
  type KioskScan,
  type KioskScanStatus,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { activeLinks, cu, deviceHolds, deviceRefusal } from '../access';
import { LAST_SEEN_EVERY_MS } from '../staff/service';

/**
 * The morning rush's statement (kiosk-scans-group-commit.md): arrivals and pick-ups without a code
 * of one or many requests, one prepared statement per kind, audited in it (issue 29).
 */

export interface ScanResult {
  id: string;
  status: KioskScanStatus;
  message: string | null;
}

/** Push texts of an arrival or pick-up (docs/decisions/kiosk-guardian-notifications.md). */
export const pushText = (kind: KioskScan['kind'], firstName: string, time: string, facility: string) =>
  kind === 'arrival'
    ? { title: '登園しました', body: `${firstName}さんの登園を${time}に記録しました（${facility}）` }
    : { title: 'お迎えが完了しました', body: `${firstName}さんの降園を${time}に記録しました（${facility}）` };

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
export const auditDetails = (scan: KioskScan) => ({
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
  /** The device's `purpose` (null when no paired device): the kernel decides (`deviceRefusal`). */
  purpose: string | null;
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
        select i.n, d.id, d.company_id, d.facility_id, d.purpose, ${deviceHolds(sql`d.purpose`, 'kiosk.scan')} as kiosk, f.name as facility_name
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
        where ${activeLinks(cu)} and child.id in (select note_child_id from att) and child.n not in (select n from before)
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
      select i.n, dev.n is not null as paired, dev.purpose, coalesce(dev.kiosk, false) as kiosk, seen.n is not null as dup, scan.status,
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
  const refusal = deviceRefusal('kiosk.scan', row.paired ? { purpose: row.purpose! } : null);
  if (refusal) return refusal;
  if (row.dup || row.status === null) return { id: scan.id, status: 'duplicate', message: kioskMessages.duplicate };
  if (row.status === 'recorded') return { id: scan.id, status: 'recorded', message: null };
  if (row.status === 'ignored_repeat') return { id: scan.id, status: 'ignored_repeat', message: kioskMessages.ignoredRepeat };
  return {
    id: scan.id,
    status: 'rejected',
    message: row.enrolled ? kioskMessages.pickupPersonNotFound : kioskMessages.notEnrolled,
  };
}
