import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import { z } from 'zod';
import { postStaffLogin, type BodyInputOf, type Call, type HttpMethod, type ParamsOf, type ResponseOf } from '@renraku/contract';
import type { AppConfig } from '../src/config';
import type { Database, Db } from '../src/db/client';
import type { Storage } from '../src/lib/files';
import { eq } from 'drizzle-orm';
import { staffMemberships } from '../src/db/schema';
import { randomToken } from '../src/lib/crypto';
import { Agent, createTestApp, type TestApp } from './helpers';
import { TEST_PASSWORD } from './factories';

export { Agent };

// ---------------------------------------------------------------------------------------------
// The app of one test file

export interface TestAppHandle {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly db: Db;
  readonly config: AppConfig;
  readonly storage: Storage;
  /** A client without a session (fixed headers such as the test clock `x-test-now`). */
  agent(headers?: Record<string, string>): Agent;
  /** A client signed in as `user` with the factories' password. */
  signIn(user: { email: string }, headers?: Record<string, string>): Promise<Agent>;
  /** A client signed in to the staff side as `user` (no 2FA enrolled: the test config does not force it). */
  signInStaff(user: { email: string }, headers?: Record<string, string>): Promise<Agent>;
}

/**
 * The one preamble of an API test file: builds the app over a fresh, migrated database before the
 * file's tests (docs/decisions/0006-test-databases.md) and closes both after them. Call it once, at
 * the top of the file; its fields can be read inside hooks and tests.
 */
export function setupApp(env: Record<string, string> = {}): TestAppHandle {
  let built: TestApp | undefined;
  // A fresh database with every migration: on PGlite under a loaded 2-core machine this has taken
  // over 60 s (the suite's hook default), so the build gets its own 3 minutes.
  beforeAll(async () => {
    built = await createTestApp(env);
  }, 180_000);
  afterAll(async () => {
    await built?.close();
  });
  const t = () => {
    if (!built) throw new Error('setupApp(): the app is built in beforeAll; read it inside a hook or a test');
    return built;
  };
  return {
    get app() {
      return t().app;
    },
    get database() {
      return t().database;
    },
    get db() {
      return t().database.db;
    },
    get config() {
      return t().config;
    },
    get storage() {
      return t().app.ctx.storage;
    },
    agent: (headers = {}) => new Agent(t().app, headers),
    signIn: (user, headers = {}) => new Agent(t().app, headers).login(user.email, TEST_PASSWORD),
    signInStaff: async (user, headers = {}) => {
      const agent = new Agent(t().app, headers);
      const res = await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } });
      if (res.statusCode !== 200 || res.data.stage !== 'ok') throw new Error(`staff login failed: ${res.statusCode} ${res.body}`);
      return agent;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Calls built from the contract

type QueryInputOf<C> = C extends Call<HttpMethod, z.ZodType, infer Q> ? z.input<Q> : never;

/** A field of the input: absent when the call has none, optional when every part of it is. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [_ in K]?: undefined }
  : undefined extends T
    ? { [_ in K]?: T }
    : T extends object
      ? Partial<T> extends T
        ? { [_ in K]?: T }
        : { [_ in K]: T }
      : { [_ in K]: T };

export interface MultipartPart {
  name: string;
  value?: string;
  filename?: string;
  contentType?: string;
  data?: Buffer;
}

export interface SendOptions {
  /** Extra headers of this request (the agent's own are sent too). */
  headers?: Record<string, string>;
  /** Default true: mutating calls fetch and echo the XSRF cookie as the web app does. */
  xsrf?: boolean;
  /** A multipart/form-data body (file uploads) instead of JSON. */
  multipart?: MultipartPart[];
}

/** What a call takes: the contract's params, query and body, typed as a client sends them. */
export type CallInput<C extends Call> = Slot<'params', ParamsOf<C>> &
  Slot<'query', QueryInputOf<C>> &
  Slot<'body', BodyInputOf<C>> &
  SendOptions;

type InputArgs<C extends Call> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** Anything, for bad-input tests: ids of the wrong type, bodies the contract refuses, a query string as written. */
export interface RawInput extends SendOptions {
  params?: Record<string, unknown>;
  /** An object encoded as the spec writes it, or a query string sent as it is. */
  query?: Record<string, unknown> | string;
  /** JSON, or a string/Buffer sent as it is (set its content-type in headers). */
  body?: unknown;
}

/**
 * The server's answer. `data` is the body parsed with the call's response schema: set on a 2xx
 * (the call already failed if the body was not the contract's); reading it after any other status
 * throws with the status and body. Everything else is the raw response (`statusCode`, `json()`,
 * `headers`, `cookies`) for asserting statuses and messages.
 */
export type Answer<C extends Call> = LightMyRequestResponse & { readonly data: ResponseOf<C> };

/**
 * Sends one contract call as the web app would: the path's `{params}` filled in, the query encoded
 * as the spec writes it (`children[]=1&children[]=2`), JSON body, cookies and the XSRF header.
 * A 2xx answer is parsed with the call's response schema, so a test fails when an answer drifts
 * from the contract.
 *
 *     const res = await call(agent, getChild, { params: { id: child.id } });
 *     expect(res.statusCode).toBe(200);
 *     expect(res.data.first_name).toBe('陽翔');
 */
export function call<C extends Call>(agent: Agent, contractCall: C, ...[input]: InputArgs<C>): Promise<Answer<C>> {
  return send(agent, contractCall, (input ?? {}) as RawInput);
}

/**
 * The escape hatch for bad-input tests: the contract's method and path, but any params, query and
 * body (wrong types, unknown fields, malformed JSON). A 2xx answer is still checked against the
 * contract.
 */
export function callRaw<C extends Call>(agent: Agent, contractCall: C, input: RawInput = {}): Promise<Answer<C>> {
  return send(agent, contractCall, input);
}

/** The URL of a call: `/api/children/{id}` with `{ id: 3 }` → `/api/children/3`, and the query. */
export function urlOf(
  contractCall: Pick<Call, 'path'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown> | string,
) {
  const path = contractCall.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`${contractCall.path}: no value for {${key}}`);
    return encodeURIComponent(String(value));
  });
  const search =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : qs.stringify(query ?? {}, { arrayFormat: 'brackets', encodeValuesOnly: true, skipNulls: true });
  return search ? `${path}?${search}` : path;
}

async function send<C extends Call>(agent: Agent, contractCall: C, input: RawInput): Promise<Answer<C>> {
  const { method } = contractCall;
  const url = urlOf(contractCall, input.params, input.query);
  let body = input.body;
  let headers = input.headers;
  if (input.multipart) {
    const form = multipart(input.multipart);
    body = form.payload;
    headers = { ...form.headers, ...headers };
  }
  if (method !== 'GET') body ??= {};
  const response = await agent.request(method, url, body, { xsrf: input.xsrf, headers });
  const status = response.statusCode;
  const ok = status >= 200 && status < 300;
  let data: unknown;
  if (ok) {
    const parsed = contractCall.response.safeParse(response.payload === '' ? null : response.json());
    if (!parsed.success) {
      throw new Error(
        `${method} ${url} answered ${status} with a body that is not the contract's:\n${z.prettifyError(parsed.error)}\n${response.payload}`,
      );
    }
    data = parsed.data;
  }
  return Object.defineProperty(response, 'data', {
    get() {
      if (!ok) throw new Error(`${method} ${url} answered ${status}, not a success: ${response.payload}`);
      return data;
    },
  }) as Answer<C>;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----renraku${randomToken(8)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'image/jpeg'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), part.data ?? Buffer.from(part.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------------------------------------
// Staff callers

/** The callers every staff call's permission tests go through (staff.md §7). */
export type StaffPersona =
  'companyAdmin' | 'director' | 'office' | 'classStaffA' | 'classStaffB' | 'otherFacility' | 'ended' | 'guardian' | 'anonymous';

/**
 * A client per persona of a `buildStaffWorld()`: staff signed in to the staff side; the ended
 * membership's person signed in while it was current, then the membership ended (the session
 * row stays, and is refused: 401); the guardian signed in to the guardian app; anonymous.
 */
export async function staffAgents(
  t: TestAppHandle,
  world: {
    staff: Record<StaffPersonaOfStaff, { user: { email: string }; membership: { id: number } }>;
    family: { main: { email: string } };
  },
  /** Sent with every request of every agent (e.g. the test clock `x-test-now`). */
  headers: Record<string, string> = {},
): Promise<Record<StaffPersona, Agent>> {
  const s = world.staff;
  const ended = await t.signInStaff(s.ended.user, headers);
  await t.db.update(staffMemberships).set({ validUntil: '2025-03-31' }).where(eq(staffMemberships.id, s.ended.membership.id));
  return {
    companyAdmin: await t.signInStaff(s.companyAdmin.user, headers),
    director: await t.signInStaff(s.director.user, headers),
    office: await t.signInStaff(s.office.user, headers),
    classStaffA: await t.signInStaff(s.classStaffA.user, headers),
    classStaffB: await t.signInStaff(s.classStaffB.user, headers),
    otherFacility: await t.signInStaff(s.otherFacility.user, headers),
    ended,
    guardian: await t.signIn(world.family.main, headers),
    anonymous: t.agent(headers),
  };
}

type StaffPersonaOfStaff = Exclude<StaffPersona, 'guardian' | 'anonymous'>;
