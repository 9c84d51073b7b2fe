import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyOf, Call, ParamsOf, QueryOf, ResponseOf } from '@renraku/contract';
import { loadSessionUser, SESSION_COOKIE, type SessionUser } from '../modules/auth/session';
import { unauthenticated } from './errors';

export type App = FastifyInstance;

export interface Ctx<C extends Call, Authed extends boolean> {
  req: FastifyRequest;
  reply: FastifyReply;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** "Now" of this request (the test clock in test mode). */
  now: Date;
  user: Authed extends true ? SessionUser : SessionUser | null;
}

interface RouteOptions<Authed extends boolean> {
  /** Default true: 401 without a session. */
  auth?: Authed;
  /** Extra Fastify route config (rate limits). */
  config?: Record<string, unknown>;
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
  const status = call.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: fastifyPath(call.path),
    config: options.config,
    // Only the contract's calls look up the session: assets and the SPA's index.html never do.
    onRequest: async (req) => {
      const token = req.cookies[SESSION_COOKIE];
      req.user = token ? await loadSessionUser(app.ctx.db, token, req.now) : null;
    },
    schema: {
      summary: call.summary,
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: status === 204 ? {} : { [status]: call.response },
    },
    handler: async (req, reply) => {
      if (needsAuth && !req.user) throw unauthenticated();
      const result = await handler({
        req,
        reply,
        params: req.params as ParamsOf<C>,
        query: req.query as QueryOf<C>,
        body: req.body as BodyOf<C>,
        now: req.now,
        user: req.user as Ctx<C, Authed>['user'],
      });
      // A handler may answer another success status (e.g. 202 of POST /api/users/invite).
      if (reply.statusCode === 200) reply.status(status);
      if (status === 204) return reply.send();
      return result;
    },
  });
}
