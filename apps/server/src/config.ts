import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Operator } from '@renraku/contract';
import webpush from 'web-push';
import { hmac, randomToken } from './lib/crypto';

/** The file under DATA_DIR that keeps the secret generated when SESSION_SECRET is not set. */
export const SESSION_SECRET_FILE = 'session-secret';
/** The file under DATA_DIR that keeps the VAPID key pair generated when VAPID_* are not set. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Proxies in front of the server: a hop count or comma-separated addresses/CIDRs; unset = none. */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/,\s]+|loopback|linklocal|uniquelocal)$/, 'a hop count or addresses')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The owner role that runs the migrations; DATABASE_URL is then the app's restricted role (docs/decisions/database-roles.md). */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(4),
  APP_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('れんらくノート <no-reply@renraku-note.example>'),
  REDIS_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Test mode only: the e2e run's pinned instant, where the background workers' clock starts (lib/clock.ts). */
  E2E_NOW: z.string().datetime({ offset: true }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  STAFF_DIST: z.string().optional(),
  /** Two-factor sign-in for every staff member: on in production, offered (not forced) elsewhere. */
  STAFF_REQUIRE_2FA: z.enum(['0', '1']).optional(),
  APP_NAME: z.string().default('れんらくノート'),
  ID_SERVICE_NAME: z.string().default('はいチーズ！ID'),
  COMPANY_NAME: z.string().default('千株式会社'),
  COMPANY_ADDRESS: z.string().default('〒530-0001 大阪府大阪市北区梅田1-1-1 デモビル10F'),
  HEAD_OFFICE_ADDRESS: z.string().default('〒530-0001 大阪府大阪市北区梅田1-1-1 デモビル10F'),
  COMPANY_PHONE: z.string().default('06-0000-0000'),
  COMPANY_FAX: z.string().default('06-0000-0001'),
  COMPANY_WEBSITE_URL: z.string().default('https://example.com/'),
  SUPPORT_PHONE: z.string().default('0120-000-000'),
  CONTACT_FORM_URL: z.string().default('https://example.com/contact'),
  USAGE_GUIDE_URL: z.string().default('https://example.com/guide'),
  ID_REGISTRATION_URL: z.string().default('/users/register'),
  ID_BASE_URL: z.string().default(''),
  /** Feed and notice texts longer than this are folded behind 「…もっとみる」 (F §9). */
  MESSAGE_MINIMIZE_THRESHOLD_LENGTH: z.coerce.number().int().positive().default(120),
  /** Comma-separated origins (besides APP_URL's) the ID service may redirect back to. */
  ID_ALLOWED_REDIRECT_ORIGINS: z.string().default(''),
  MAIL_DOMAINS: z.string().default('renraku-note.example,id.renraku-note.example'),
  /** Web push (docs/decisions/push-web-push.md): both keys, or neither (generated once into DATA_DIR). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'mailto: or https://')
    .default('mailto:no-reply@renraku-note.example'),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Fastify's trustProxy: false (default), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** The owner role's URL for migrations (PostgreSQL); unset: DATABASE_URL's role migrates too. */
  migrationDatabaseUrl?: string;
  /** Connections of this process's pool (docs/decisions/database-pool-size.md). */
  databasePoolMax: number;
  appUrl: string;
  sessionSecret: string;
  /** The VAPID key pair of web push (base64url) and its contact; from VAPID_* or generated once into DATA_DIR. */
  vapid: VapidKeys;
  redisUrl?: string;
  /** Files in an S3-compatible bucket (when `S3_BUCKET` is set); else on disk under dataDir. */
  s3?: S3Settings;
  /** Staff must pass TOTP (and enrol it first) to sign in (staff.md §1). */
  staffRequire2fa: boolean;
  /** The built staff app, served under /staff/. */
  staffDist: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** Embedded mode: PGlite, outbox mailbox page, demo seed on an empty database. */
  embedded: boolean;
  /** The outbox can be read through /api/dev/mailbox (embedded or test mode, never production). */
  devMailbox: boolean;
  /** Test mode: the X-Test-Now header may set the clock. Never in production. */
  testClock: boolean;
  /** Test mode with E2E_NOW: the instant the background workers' clock starts at (lib/clock.ts `workerClock`). */
  workerClockStart?: Date;
  seedDemo: boolean;
  webDist: string;
  messageMinimizeThresholdLength: number;
  /** Origins besides APP_URL's that the ID service may send the browser back to. */
  allowedRedirectOrigins: string[];
  operator: Operator;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself; set: an S3-compatible server (MinIO, R2…), addressed path-style. */
  endpoint?: string;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export class ConfigError extends Error {}

/** Reads every setting from the environment; refuses to start production without its secrets. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = (['DATABASE_URL', 'APP_URL', 'SESSION_SECRET'] as const).filter((key) => !env[key]);
    if (missing.length > 0) throw new ConfigError(`Production needs ${missing.join(', ')}`);
  }
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL) throw new ConfigError('MIGRATION_DATABASE_URL needs DATABASE_URL');
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const port = env.PORT;
  const dataDir = path.resolve(env.DATA_DIR);
  let generatedSecret: string | undefined;
  let generatedVapid: Omit<VapidKeys, 'subject'> | undefined;
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    // Read on first use, so that a config only inspected (tests, tools) writes no file.
    get sessionSecret() {
      return env.SESSION_SECRET ?? (generatedSecret ??= persistedSessionSecret(dataDir));
    },
    get vapid() {
      const keys =
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : (generatedVapid ??= persistedVapidKeys(dataDir));
      return { ...keys, subject: env.VAPID_SUBJECT };
    },
    redisUrl: env.REDIS_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    embedded: !env.DATABASE_URL,
    devMailbox: !production && (!env.DATABASE_URL || env.NODE_ENV === 'test'),
    testClock: env.NODE_ENV === 'test',
    workerClockStart: env.NODE_ENV === 'test' && env.E2E_NOW ? new Date(env.E2E_NOW) : undefined,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : !env.DATABASE_URL && !production,
    allowedRedirectOrigins: env.ID_ALLOWED_REDIRECT_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    messageMinimizeThresholdLength: env.MESSAGE_MINIMIZE_THRESHOLD_LENGTH,
    staffRequire2fa: env.STAFF_REQUIRE_2FA ? env.STAFF_REQUIRE_2FA === '1' : production,
    staffDist: path.resolve(env.STAFF_DIST ?? new URL('../../staff/dist', import.meta.url).pathname),
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    operator: {
      app_name: env.APP_NAME,
      id_service_name: env.ID_SERVICE_NAME,
      company_name: env.COMPANY_NAME,
      company_address: env.COMPANY_ADDRESS,
      head_office_address: env.HEAD_OFFICE_ADDRESS,
      company_phone: env.COMPANY_PHONE,
      company_fax: env.COMPANY_FAX,
      company_website_url: env.COMPANY_WEBSITE_URL,
      support_phone: env.SUPPORT_PHONE,
      contact_form_url: env.CONTACT_FORM_URL,
      usage_guide_url: env.USAGE_GUIDE_URL,
      id_registration_url: env.ID_REGISTRATION_URL,
      id_base_url: env.ID_BASE_URL,
      mail_domains: env.MAIL_DOMAINS.split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    },
  };
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  const trimmed = value?.trim();
  if (!trimmed) return false;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * Without SESSION_SECRET (development, the embedded mode): a random secret generated once and kept
 * in DATA_DIR, readable by the owner only, so that no two installations share a secret and URLs
 * signed with a published value are refused (docs/decisions/platform-embedded-mode-secrets.md).
 */
export function persistedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  // 'wx': of two processes starting at once, the second reads the first one's secret.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
  return secret;
}

/**
 * Without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: a key pair generated once and kept in DATA_DIR (mode
 * 0600, 'wx' as the session secret), so browsers' subscriptions survive restarts.
 */
export function persistedVapidKeys(dataDir: string): Omit<VapidKeys, 'subject'> {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  const read = () => {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    return parsed.publicKey && parsed.privateKey ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : null;
  };
  try {
    const existing = read();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read() ?? keys;
    throw error;
  }
  return keys;
}

/** The key of the dev mailbox (printed at start): derived from the session secret, so it stays the same across restarts. */
export const devMailboxKey = (config: Pick<AppConfig, 'sessionSecret'>) => hmac(config.sessionSecret, 'dev-mailbox').slice(0, 24);
