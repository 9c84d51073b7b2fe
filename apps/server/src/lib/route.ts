import { isDeepStrictEqual } from 'node:util';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { safeEncode, type ZodType } from 'zod';
import type { BodyOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract';
import { loadSessionUser, SESSION_COOKIE, type Caller, type SessionUser, type Viewer } from './sessions';
import { sha256 } from './crypto';
import { unauthenticated } from './errors';
import { securityOf } from './openapi';

export type App = FastifyInstance;

export interface Ctx<C extends Call, Authed extends boolean> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** "Now" of this request (the test clock in test mode). */
  now: Date;
  /** The Tokyo day of `now`, `YYYY-MM-DD`. */
  today: string;
  user: Authed extends true ? SessionUser : SessionUser | null;
  /** The signed-in user on this request's day, as the access kernel takes it. */
  viewer: Authed extends true ? Viewer : Viewer | null;
}

/**
 * Who may call, as the OpenAPI document states it (lib/openapi.ts): the guardian session, the staff
 * session, a paired tablet's device cookie, or anyone.
 */
export type Audience = 'guardian' | 'staff' | 'device' | 'public';

interface RouteOptions<Authed extends boolean> {
  /** Default true: 401 without a session. */
  auth?: Authed;
  /** Extra Fastify route config (rate limits). */
  config?: Record<string, unknown>;
  /**
   * Who calls, decided before the input is validated (so a caller without the right session learns
   * nothing about the call's input): the staff calls' own session lookup. Default: the guardian session.
   */
  authenticate?: (req: FastifyRequest) => Promise<void>;
  /** For the OpenAPI document; default: `guardian` when `auth` is on, else `public`. */
  audience?: Audience;
  /**
   * For a call whose handler's own statement finishes the caller's check (the gate kiosk's scans):
   * when the request is refused before the handler runs (bad input), this runs first, so that a
   * caller without the right device is still told 401/403 and nothing about the input.
   */
  authenticateRefused?: (req: FastifyRequest) => Promise<void>;
  /** The answer serialised as built in production, checked against the contract elsewhere (as the hot calls: `plainJson`). */
  asBuilt?: boolean;
}

/** `/api/children/{id}` → `/api/children/:id` */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers one contract call. The handler sees validated params, query and body only, and its
 * answer is checked against (and stripped to) the contract's response schema.
 */
export function route<C extends Call, Authed extends boolean = true>(
  app: App,
  call: C,
  options: RouteOptions<Authed>,
  handler: (ctx: Ctx<C, Authed>) => Promise<ResponseOf<C>>,
): void {
  const needsAuth = options.auth !== false;
  register(app, call, options.config, options.audience ?? (needsAuth ? 'guardian' : 'public'), {
    // Only the contract's calls look up the session: assets and the SPA's index.html never do.
    onRequest:
      options.authenticate ??
      (async (req) => {
        const token = req.cookies[SESSION_COOKIE];
        req.user = token ? await loadSessionUser(app.ctx.db, token, req.now) : null;
      }),
    ...(options.asBuilt ? { serializer: app.ctx.config.env === 'production' ? plainJson : exactContractJson } : {}),
    ...(options.authenticateRefused ? { authenticateRefused: options.authenticateRefused } : {}),
    handler: (req, reply) => {
      if (needsAuth && !req.user) throw unauthenticated();
      const viewer = req.user ? { userId: req.user.id, today: req.today } : null;
      return handler({
        ...callInput<C>(req),
        reply,
        user: req.user as Ctx<C, Authed>['user'],
        viewer: viewer as Ctx<C, Authed>['viewer'],
      });
    },
  });
}

export interface HotCtx<C extends Call> extends Omit<Ctx<C, true>, 'user' | 'viewer'> {
  /** The session to check: the handler's statement looks it up and answers 401 when it is not live (`confirmCaller`). */
  caller: Caller;
}

/**
 * Registers a hot call whose own statement looks up the session (docs/decisions/auth-session-in-statement.md):
 * no lookup beforehand, so the call costs one round trip to PostgreSQL. Without a session cookie
 * it answers 401 at once.
 */
export function hotRoute<C extends Call>(app: App, call: C, handler: (ctx: HotCtx<C>) => Promise<ResponseOf<C>>): void {
  register(app, call, undefined, 'guardian', {
    serializer: app.ctx.config.env === 'production' ? plainJson : exactContractJson,
    handler: (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (!token) throw unauthenticated();
      return handler({ ...callInput<C>(req), reply, caller: { sessionId: sha256(token), now: req.now, today: req.today } });
    },
  });
}

/**
 * The answers of the hot calls (docs/decisions/platform-hot-answers-serialised-as-built.md): in production
 * `JSON.stringify` of what the presenter built; the contract's check (zod parse into a stripped
 * copy, then stringify) was 10–35 % of the app's CPU on these calls. Everywhere else (development,
 * the tests) the answer must be the contract's exactly: valid, and nothing stripped or changed by
 * the check, so that the tests prove production sends what the contract says.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
export const exactContractJson =
  ({ schema, method, url }: { schema: unknown; method: string; url: string }) =>
  (data: unknown) => {
    const checked = safeEncode(schema as ZodType, data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    const text = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(checked.data))))
      throw new Error(`${method} ${url}: the answer holds more or other than the contract's response`);
    return text;
  };

const callInput = <C extends Call>(req: FastifyRequest) => ({
  req,
  params: req.params as ParamsOf<C>,
  query: req.query as QueryOf<C>,
  body: req.body as BodyOf<C>,
  now: req.now,
  today: req.today,
});

/** The Fastify route of a contract call: its schemas, and its answer checked against the contract. */
function register<C extends Call>(
  app: App,
  call: C,
  config: Record<string, unknown> | undefined,
  audience: Audience,
  hooks: {
    onRequest?: (req: FastifyRequest) => Promise<void>;
    /** Instead of the contract's zod serializer (hot calls only). */
    serializer?: typeof plainJson | typeof exactContractJson;
    authenticateRefused?: (req: FastifyRequest) => Promise<void>;
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<ResponseOf<C>>;
  },
): void {
  const status = call.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: fastifyPath(call.path),
    config,
    ...(hooks.onRequest ? { onRequest: hooks.onRequest } : {}),
    ...(hooks.serializer ? { serializerCompiler: hooks.serializer } : {}),
    ...(hooks.authenticateRefused ? { errorHandler: refusedFirst(app, hooks.authenticateRefused) } : {}),
    schema: {
      summary: call.summary,
      security: securityOf(audience, call.method),
      ...(call.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: status === 204 ? {} : { [status]: call.response },
    },
    handler: async (req, reply) => {
      reachedHandler.add(req);
      const result = await hooks.handler(req, reply);
      // A handler may answer another success status (e.g. 202 of POST /api/users/invite).
      if (reply.statusCode === 200) reply.status(status);
      if (status === 204) return reply.send();
      return result;
    },
  });
}

/** Requests whose handler ran (their errors come from it, after the caller's check). */
const reachedHandler = new WeakSet<FastifyRequest>();

/**
 * The route's error handler of a call with `authenticateRefused`: an error before the handler (the
 * input refused: 422, 413, …) is answered with the caller's refusal (401/403) when the caller has
 * none of the right; every answer then goes through the app's own error handler.
 */
const refusedFirst =
  (app: App, authenticate: (req: FastifyRequest) => Promise<void>) =>
  async (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    let answer: unknown = error;
    if (!reachedHandler.has(req)) {
      try {
        await authenticate(req);
      } catch (refusal) {
        answer = refusal;
      }
    }
    return app.errorHandler(answer as FastifyError, req, reply);
  };
