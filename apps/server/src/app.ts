import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import qs from 'qs';
import { z } from 'zod';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { messages, tokyoDate } from '@renraku/contract';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { HttpError, invalidMany } from './lib/errors';
import { isDatabaseOutage, OUTAGE_RETRY_AFTER_SEC } from './lib/database-outage';
import { createStorage, fileUrls, type Storage } from './lib/files';
import { databaseCounter, type Counter } from './lib/rate-limit';
import { requestNow } from './lib/clock';
import { loggerOptions } from './lib/logger';
import { pageFirstAnswers, scriptJson } from './lib/first-answers';
import { swaggerOptions } from './lib/openapi';
import { SESSION_COOKIE, type SessionUser } from './lib/sessions';
import { checkXsrf, refreshXsrfOnSessionChange } from './modules/auth/xsrf';
import { permissionsPolicy } from './lib/permissions-policy';
import { registerModules } from './modules';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    now: Date;
    /** The Tokyo day of `now` (DESIGN §6), computed once per request. */
    today: string;
  }
}

// An issue whose schema names no message of its own (a path id that is not a number, say) is answered
// in Japanese too, not with zod's English default; the contract's own messages take precedence.
z.config({ customError: () => messages.invalidInput });

export interface BuildOptions {
  database: Database;
  /** Rate-limit counters; default: in the database (shared by every instance on it). */
  counter?: Counter;
  /** Tests pass their own; else the configured disk or bucket. */
  storage?: Storage;
  /** Where log lines go (default stdout); tests read them here. */
  logStream?: { write(line: string): void };
}

/**
 * A hop count as a function: Fastify itself trusts no hop for a bare number (it cannot check the
 * peer); the operator who sets a count vouches that only the proxies reach the server.
 */
function trustProxyOption(value: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * The router's own refusals, before any route (Fastify answers them in English otherwise): a path
 * segment longer than `maxParamLength` (an over-long token) is a 414, a malformed percent-encoding
 * in the path a 400; both in the one error shape with a Japanese message.
 */
function answerRouterError(error: FastifyError, _req: unknown, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: 'URLが長すぎます' });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: 'URLが正しくありません' });
  return reply.status(500).send({ message: messages.serverError });
}

/** Paths whose answers may be shown by the SPA fallback (everything that is not an API or file path). */
const isApiPath = (url: string) => /^\/(api|sanctum|files)(\/|$|\?)/.test(url);

export async function buildApp(config: AppConfig, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Only the proxies the operator names (TRUST_PROXY): else any client could choose its own
    // address in X-Forwarded-For and escape the per-client limits (docs/decisions/platform-trust-proxy.md).
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: {
      querystringParser: (str: string) => qs.parse(str, { arrayLimit: 100, depth: 3 }),
    },
    bodyLimit: 1_000_000,
    frameworkErrors: answerRouterError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: options.database.db,
    counter: options.counter ?? databaseCounter(options.database.db),
    storage: options.storage ?? (await createStorage(config)),
    files: fileUrls(config.sessionSecret),
    log: app.log,
  };
  app.decorate('ctx', ctx);

  await app.register(cookie);
  // After the cookie plugin's own onSend (which writes Set-Cookie): a new session gets a new XSRF token.
  app.addHook('onSend', refreshXsrfOnSessionChange(config.sessionSecret));
  // Helmet's middleware built once: @fastify/helmet built it anew on every request (parsing the
  // CSP directives each time: ~5 % of a hot call's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('permissions-policy', permissionsPolicy(req.url));
    securityHeaders(req.raw, reply.raw, (error) => done(error as Error | undefined));
  });

  app.decorateRequest('user', null);
  app.decorateRequest('now', null as unknown as Date);
  app.decorateRequest('today', '');
  app.decorateRequest('staffSession', undefined);
  app.decorateRequest('pairedDevice', undefined);
  app.addHook('onRequest', async (req) => {
    req.now = requestNow(config.testClock, req.headers['x-test-now']);
    req.today = tokyoDate(req.now);
    checkXsrf(config.sessionSecret, req);
  });
  // No input may carry U+0000: PostgreSQL's text cannot hold it, so it would end as a 500 wherever a
  // string reaches a statement. Refused for every call at once, before any handler runs.
  app.addHook('preValidation', async (req) => {
    const field = nulField({ body: req.body, query: req.query, params: req.params });
    if (field) throw invalidMany({ [field]: [messages.invalidCharacter] });
  });
  app.addHook('onSend', async (req, reply) => {
    // Answers that depend on the session must never be cached by a shared cache.
    if (/^\/(api|sanctum)(\/|$|\?)/.test(req.url)) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(issue.params?.issue ? ((issue.params.issue as { path?: unknown[] }).path?.join('.') ?? '') : '') ||
          '_';
        (errors[field] ??= []).push(issue.message ?? messages.invalidInput);
      }
      const first = Object.values(errors)[0]?.[0] ?? messages.invalidInput;
      return reply.status(422).send({ message: first, errors });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error }, 'response does not match the contract');
      return reply.status(500).send({ message: messages.serverError });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: messages.tooManyRequests });
    if (status === 413) return reply.status(413).send({ message: '送信データが大きすぎます' });
    if (status >= 400 && status < 500) {
      return reply.status(status === 400 ? 422 : status).send({ message: messages.invalidInput });
    }
    if (isDatabaseOutage(error)) {
      req.log.warn({ err: error }, 'database unreachable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SEC));
      return reply.status(503).send({ message: messages.serviceUnavailable });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.serverError });
  });

  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => registerModules(api, ctx));

  await serveWeb(app, config);
  return app;
}

/** Cache headers of a built app's files: hashed assets for a year, the rest revalidated. */
const cacheHeaders: FastifyStaticOptions['setHeaders'] = (res, filePath) => {
  res.header(
    'cache-control',
    filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
};

/** `/staff` and `/staff/...`: the staff app's paths (DESIGN §3.1). */
const isStaffPath = (url: string) => /^\/staff(\/|$|\?)/.test(url);
/** A file name with an extension in the last segment (`/staff/assets/x.js`, `/staff/favicon.svg`): a missing asset is a 404, not the app. */
const isAssetPath = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);
/** The guardian app's home: `/` redirects to it. */
const isHomePath = (url: string) => /^\/(main\/?)?(\?|$)/.test(url);

/**
 * The built web apps: hashed assets cached for a year, index.html for every other non-API path.
 * The build writes brotli and gzip copies beside each text file (apps/web/scripts/precompress.mjs);
 * `preCompressed` sends the one the browser accepts (also for the staff app's index.html fallback,
 * which goes through the same sendFile), with `Vary: Accept-Encoding`, else the plain file. The
 * guardian app's pages carry their first answers, so they are compressed per request (sendPage).
 * The guardian app is at the root; the staff app (its own build) under /staff/.
 */
async function serveWeb(app: FastifyInstance, config: AppConfig) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const hasStaff = fs.existsSync(path.join(config.staffDist, 'index.html'));
  // Every page of the guardian app brings its first answers (lib/first-answers.ts;
  // docs/decisions/web-speed-main.md). /main for a browser that holds a session cookie is index.html
  // with preloads of the signed-in home's code (the web build's home.html) and the home's answers; a
  // stale cookie gets the preloads and the signed-out answers.
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : null;
  const homeFile = path.join(config.webDist, 'home.html');
  const homeHtml = fs.existsSync(homeFile) ? fs.readFileSync(homeFile, 'utf8') : null;
  const staticOptions: FastifyStaticOptions = {
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are no URLs of their own: /x.js answers with them when asked.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: cacheHeaders,
  };
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, ...staticOptions });
  }
  if (hasStaff) {
    // A second registration under its own prefix; `reply.sendFile` is decorated once (by the first).
    await app.register(fastifyStatic, { root: config.staffDist, prefix: '/staff/', decorateReply: !hasWeb, ...staticOptions });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && hasStaff && isStaffPath(req.url)) {
      // A missing file (an old build's chunk) is a 404; any other path is a screen of the staff app.
      if (isAssetPath(req.url)) return reply.status(404).send({ message: messages.notFound });
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', config.staffDist);
    }
    if (req.method === 'GET' && !isApiPath(req.url) && indexHtml) {
      const home = homeHtml && isHomePath(req.url) && req.cookies[SESSION_COOKIE] ? homeHtml : null;
      return sendPage(app, req, reply, home ?? indexHtml, home !== null);
    }
    return reply.status(404).send({ message: messages.notFound });
  });
}

/**
 * A page of the guardian app with its first answers in a JSON script element, compressed per
 * request (it is a few kB). With a session cookie it is personal and never stored (`no-store`, as
 * the API's answers); without one it holds nothing personal and may stay in the browser's
 * back-forward cache (`no-cache`, as the page was before it carried answers).
 */
async function sendPage(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, html: string, home: boolean) {
  // The answers only save round trips: whatever goes wrong, the page goes without them.
  const answers = await pageFirstAnswers(app, req, home).catch((error: unknown) => {
    req.log.warn({ err: error }, 'page: first answers left out');
    return {};
  });
  const page = html.replace(
    '<div id="root"></div>',
    `<div id="root"></div>\n    <script id="first-answers" type="application/json">${scriptJson(answers)}</script>`,
  );
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.gzipSync(page)
        : page;
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('cache-control', req.cookies[SESSION_COOKIE] ? 'no-store' : 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8')
    .send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The path of the first string holding U+0000 in a request's parsed input, or null. */
function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.replace(/^(body|query|params)\.?/, '') || '_' : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = nulField(inner, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}
