import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { postLogin } from '@renraku/contract';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { randomToken } from '../src/lib/crypto';

/**
 * An isolated database for one test file: a fresh database on TEST_DATABASE_URL's server when set,
 * else an in-memory PGlite. Migrations applied either way. On PostgreSQL the migrations run as
 * TEST_DATABASE_URL's role (the owner) and the app connects as the restricted app role, as in
 * production (docs/decisions/database-roles.md): every API test then proves the grants complete.
 * `as: 'owner'` connects as the owner (a test that vacuums or sets sequences, not the app's work).
 */
export async function createTestDatabase(options: { as?: 'app' | 'owner' } = {}): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) return openPglite();
  const scratch = await createScratchDatabase();
  const database =
    options.as === 'owner'
      ? await openPostgres(scratch.url, { max: 4 })
      : await openPostgres(await testAppRoleUrl(scratch.url), { max: 4, migrationUrl: scratch.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * The app role of the tests: one role for the whole server (roles are cluster-wide), created by the
 * first test file that needs it; its rights are granted per database, so parallel files never meet.
 */
export const TEST_APP_ROLE = 'renraku_test_app';

/** `ownerUrl` with the test app role as its user, the role created if it does not exist yet. */
export async function testAppRoleUrl(ownerUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    // Two files creating it at once: the loser's duplicate (or unique index) error is the same news.
    await owner.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${TEST_APP_ROLE}') then
        create role ${TEST_APP_ROLE} login nosuperuser nocreatedb nocreaterole;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
  } finally {
    await owner.end();
  }
  const url = new URL(ownerUrl);
  url.username = TEST_APP_ROLE;
  url.password = '';
  return url.toString();
}

/** An empty database of its own on TEST_DATABASE_URL's server (PostgreSQL only), and how to drop it. */
export async function createScratchDatabase(prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now().toString(36)}_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'renraku-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    STAFF_DIST: path.join(dataDir, 'no-staff'),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A browser-like client: keeps cookies, fetches the XSRF cookie and echoes it, as the web app does. */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets a cookie as a browser would send it (e.g. a tampered one). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private store(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(method: Method, url: string, body?: unknown, options: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    const xsrf = options.xsrf ?? true;
    if (method !== 'GET' && xsrf && !this.cookies.has('XSRF-TOKEN')) {
      this.store(await this.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' }));
    }
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    const response = await this.app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    this.store(response);
    return response;
  }

  get = (url: string, options?: { headers?: Record<string, string> }) => this.request('GET', url, undefined, options);
  post = (url: string, body?: unknown, options?: { xsrf?: boolean; headers?: Record<string, string> }) =>
    this.request('POST', url, body ?? {}, options);
  put = (url: string, body?: unknown, options?: { xsrf?: boolean }) => this.request('PUT', url, body ?? {}, options);
  delete = (url: string, body?: unknown) => this.request('DELETE', url, body ?? {});

  async login(email: string, password: string, remember = false) {
    const response = await this.post(postLogin.path, { email, password, remember });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return this;
  }
}

/**
 * Runs a statement as the owner role on the test file's database: DDL of a test (a trigger that
 * injects a fault), which the app's role may not run on PostgreSQL. On PGlite, one role: as is.
 */
export async function executeAsOwner(db: Database['db'], text: string): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) {
    const { sql } = await import('drizzle-orm');
    await db.execute(sql.raw(text));
    return;
  }
  const { default: pg } = await import('pg');
  const { sql } = await import('drizzle-orm');
  const [row] = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${row!.name}`;
  const owner = new pg.Client({ connectionString: url.toString() });
  await owner.connect();
  try {
    await owner.query(text);
  } finally {
    await owner.end();
  }
}
