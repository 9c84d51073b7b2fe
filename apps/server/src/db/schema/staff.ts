import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { children, classes, companies, facilities } from './organisation';
import { users } from './users';

/**
 * Staff power comes only from a membership (staff.md §1): a role at a facility (or, for a company
 * admin, at every facility of the company) during 所属期間. Ended, never deleted.
 */
export const staffMemberships = pgTable(
  'staff_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Null only for a company admin (every facility of the company). */
    facilityId: integer('facility_id').references(() => facilities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** company_admin | director | class_staff | office */
    role: text('role').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Last day of the membership; null = open-ended. */
    validUntil: date('valid_until', { mode: 'string' }),
    /**
     * The name the inviter typed: shown while the person's ID has no name of its own (an ID made
     * by sign-up has none); the ID itself is never renamed by a facility.
     */
    invitedName: text('invited_name'),
    /** 主任: approves and returns plans and records of the facility (records.md §4). */
    isChief: boolean('is_chief').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_memberships_user_idx').on(t.userId), index('staff_memberships_facility_idx').on(t.facilityId)],
);

/** The classes a class-staff membership is assigned to. */
export const staffMembershipClasses = pgTable(
  'staff_membership_classes',
  {
    membershipId: integer('membership_id')
      .notNull()
      .references(() => staffMemberships.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.classId] }), index('staff_membership_classes_class_idx').on(t.classId)],
);

/** Staff sessions, apart from guardians' (DESIGN §3.1); the cookie holds a random token, the table its SHA-256. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A PIN session on a paired tablet; null on a desktop sign-in. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    /** null = fully signed in; 'totp' = the second factor is due; 'totp_setup' = 2FA must be enrolled first. */
    pending: text('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** TOTP second factor (RFC 6238) with one-time recovery codes (SHA-256 each). */
export const staffTotp = pgTable('staff_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret, encrypted with the server's secret (AES-256-GCM). */
  secret: text('secret').notNull(),
  /** null = enrolment started, not confirmed with a code yet. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is accepted once (replay). */
  lastTimeStep: integer('last_time_step'),
  recoveryCodes: text('recovery_codes').array().notNull().default([]),
});

/** A staff member's 4-digit PIN for paired tablets (argon2 hash). `failed_count`/`locked_until` are no longer used: wrong PINs count per device (`device_pin_attempts`). */
export const staffPins = pgTable('staff_pins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failedCount: smallint('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * A staff member's personal QR for the gate kiosk (職員QR, docs/decisions/kiosk-staff-identification.md):
 * one per person, the token kept as SHA-256 (shown once); issuing again replaces it, deleting revokes it.
 */
export const staffQrTokens = pgTable(
  'staff_qr_tokens',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_qr_tokens_hash_idx').on(t.tokenHash)],
);

/**
 * What a PIN typed at the gate kiosk gives: the kiosk's scans of the next minutes name this person
 * (no staff session). The token is kept as SHA-256; bound to the device.
 */
export const kioskStaffGrants = pgTable(
  'kiosk_staff_grants',
  {
    tokenHash: text('token_hash').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The device's clock when the PIN was typed: the grant covers its scans (device time) from then for a few minutes. */
    deviceIssuedAt: timestamp('device_issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kiosk_staff_grants_device_idx').on(t.deviceId, t.expiresAt)],
);

/** A shared tablet paired to a facility (and optionally one class); the credential is a long-lived device token. */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    classId: integer('class_id').references(() => classes.id),
    name: text('name').notNull(),
    credentialHash: text('credential_hash'),
    pairedBy: integer('paired_by').references(() => users.id),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** class: a class's tablet (PIN sessions); kiosk: the gate kiosk (staff.md §6; device cookie alone). */
    purpose: text('purpose').notNull().default('class'),
    /** The kiosk's clock skew at its last sync (server − device, ms), and when that was. */
    clockSkewMs: integer('clock_skew_ms'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /**
     * Wrong PINs typed on this device, whoever's (docs/decisions/staff-pin-lock-per-device.md): the
     * count of the window that started at `pin_window_started_at`, the whole pad's lock, and the last
     * lock of any kind (the director's flag on the 端末 page).
     */
    pinFailedCount: smallint('pin_failed_count').notNull().default(0),
    pinWindowStartedAt: timestamp('pin_window_started_at', { withTimezone: true }),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    pinAlertAt: timestamp('pin_alert_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_credential_idx').on(t.credentialHash), index('devices_facility_idx').on(t.facilityId)],
);

/**
 * Wrong PINs per device and person (docs/decisions/staff-pin-lock-per-device.md): 5 in a row lock
 * that person's PIN on that device only, so a device that keeps guessing cannot lock them elsewhere.
 */
export const devicePinAttempts = pgTable(
  'device_pin_attempts',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedCount: smallint('failed_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] }), index('device_pin_attempts_user_idx').on(t.userId)],
);

/** A one-time pairing code shown on the desktop; typed on the tablet within its lifetime. */
export const devicePairingCodes = pgTable(
  'device_pairing_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_pairing_codes_code_idx').on(t.codeHash)],
);

/**
 * The audit log (staff.md §2): who (person and device), when, what, from where. Append-only: a
 * trigger refuses UPDATE, DELETE and TRUNCATE for every role of the app (migration 0010).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    facilityId: integer('facility_id').references(() => facilities.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for what a device did alone (a gate kiosk's roster read, a guardian's QR arrival): the device is named. */
    userId: integer('user_id').references(() => users.id),
    deviceId: integer('device_id').references(() => devices.id),
    /** e.g. `child.read`, `child.update`, `class.create`, `device.revoke` */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    childId: integer('child_id'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_facility_at_idx').on(t.facilityId, t.at),
    index('audit_log_child_idx').on(t.childId),
    index('audit_log_user_idx').on(t.userId),
  ],
);

/**
 * お迎え登録者 (staff.md §3): the people a child may be handed to at pick-up, entered by staff. A
 * guardian's proposal (`status = 'proposed'`) waits for a staff member's approval.
 */
export const pickupPersons = pgTable(
  'pickup_persons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relation: text('relation').notNull(),
    phone: text('phone').notNull().default(''),
    /** The photo shown at the gate (staff.md §6): a storage key with `.thumb`/`.medium` beside it. */
    imageKey: text('image_key'),
    /** approved | proposed */
    status: text('status').notNull().default('approved'),
    createdBy: integer('created_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pickup_persons_child_idx').on(t.childId)],
);
