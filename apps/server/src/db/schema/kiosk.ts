import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { children, companies } from './organisation';
import { users } from './users';

/**
 * Every scan a gate kiosk sent (staff.md §6; docs/decisions/kiosk-scans-once.md): the device-made
 * uuid is the primary key, so each scan is taken once whatever the retries, devices or concurrent
 * posts (`insert … on conflict do nothing`). Kept whatever its outcome, so a resent id stays a
 * duplicate. `note_child_id` has no foreign key: a rejected scan may name a child of no facility.
 * No foreign keys at all: the company, facility and device come from the server's own device
 * lookup in the same statement, such rows are never deleted, and each key's check locked the
 * referenced row and wrote WAL on every scan of the morning rush (docs/decisions/kiosk-scans-no-foreign-keys.md).
 */
export const kioskScans = pgTable(
  'kiosk_scans',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    facilityId: integer('facility_id').notNull(),
    deviceId: integer('device_id').notNull(),
    noteChildId: integer('note_child_id').notNull(),
    /** arrival | pickup */
    kind: text('kind').notNull(),
    /** The device's clock at the scan. */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** Tokyo date of `scanned_at`. */
    date: date('date', { mode: 'string' }).notNull(),
    /** recorded | ignored_repeat | rejected */
    status: text('status').notNull(),
    /** guardian | person | code; null when not said (arrivals). */
    pickupType: text('pickup_type'),
    pickupPersonId: integer('pickup_person_id'),
    pickupCodeId: integer('pickup_code_id'),
    /** qr (a guardian's QR) | touch (a name tapped at the gate). */
    via: text('via'),
    /** The staff member who confirmed at the gate (PIN or staff QR); null for a guardian's QR arrival. */
    confirmedBy: integer('confirmed_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The code path's 60-second rule. No index by facility and date: nothing reads the scans so,
    // and every scan of the morning rush paid for its upkeep (docs/performance.md, issue 19).
    index('kiosk_scans_child_kind_idx').on(t.noteChildId, t.kind, t.scannedAt),
    // Wrong one-time codes per device and day (docs/decisions/kiosk-pickup-codes-guessing.md):
    // partial, so the morning's arrivals never touch it.
    index('kiosk_scans_code_refused_idx')
      .on(t.deviceId, t.receivedAt)
      .where(sql`pickup_type = 'code' and status = 'rejected'`),
  ],
);

/**
 * A one-time pick-up code the main guardian issued for a substitute (staff.md §6): 6 digits shown
 * once, kept as SHA-256; valid until the end of its Tokyo day; used once at the kiosk.
 */
export const pickupCodes = pgTable(
  'pickup_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedScanId: uuid('used_scan_id'),
  },
  (t) => [index('pickup_codes_child_idx').on(t.childId, t.expiresAt)],
);
