import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { children, companies } from './organisation';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name'),
    imageKey: text('image_key'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    idpSub: uuid('idp_sub').defaultRandom(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Email is unique case-insensitively.
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), uniqueIndex('users_idp_sub_idx').on(t.idpSub)],
);

/** The guardian-child link (the spec's pivot). */
export const childUser = pgTable(
  'child_user',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Relation type, keys of relationTypes. */
    type: smallint('type').notNull().default(0),
    main: boolean('main').notNull().default(false),
    writable: boolean('writable').notNull().default(true),
    /** null = invited and not answered yet; true = active. */
    activated: boolean('activated'),
    sortOrder: integer('sort_order').notNull().default(0),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.userId] }), index('child_user_user_idx').on(t.userId)],
);

/** Server-side sessions; the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
