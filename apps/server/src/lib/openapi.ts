/**
 * The OpenAPI document (`/api/docs`, `/api/docs/json`), generated from the contract's calls as the
 * routes register them: each operation's success answer, its error answers (all in the one error
 * shape), who may call it (security schemes) and, for uploads, the multipart body.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as contract from '@renraku/contract';
import {
  errorSchema,
  postChild,
  postEmailChange,
  postLogin,
  postPasswordChange,
  postPasswordForgot,
  postSignup,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postStaffLogin,
  postStaffLoginTotp,
  postStaffTotpEnable,
  type Call,
} from '@renraku/contract';
import type { Audience } from './route';
import { SESSION_COOKIE } from './sessions';
import { DEVICE_COOKIE, STAFF_SESSION_COOKIE } from './staff-sessions';

export const securitySchemes = {
  guardianSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The guardian app’s session (POST /api/login).',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: STAFF_SESSION_COOKIE,
    description: 'The staff app’s session (POST /api/staff/login, or a tablet’s PIN unlock).',
  },
  deviceCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: DEVICE_COOKIE,
    description: 'A paired class tablet (POST /api/staff/device/pair).',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'Every POST, PUT and DELETE echoes the XSRF-TOKEN cookie (GET /sanctum/csrf-cookie) in this header; 419 otherwise.',
  },
} as const;

const SESSION_SCHEME: Record<Audience, keyof typeof securitySchemes | null> = {
  guardian: 'guardianSession',
  staff: 'staffSession',
  device: 'deviceCookie',
  public: null,
};

/** The operation's security requirement: its session (if any) and, when it changes something, the XSRF header. */
export function securityOf(audience: Audience, method: string): Record<string, string[]>[] {
  const requirement: Record<string, string[]> = {};
  const scheme = SESSION_SCHEME[audience];
  if (scheme) requirement[scheme] = [];
  if (method !== 'GET') requirement.xsrfHeader = [];
  return Object.keys(requirement).length ? [requirement] : [];
}

/** Calls whose attempts are counted (sign-in, codes, mails, password and birth-date checks): they may answer 429. */
const rateLimitedCalls: Call[] = [
  postLogin,
  postStaffLogin,
  postStaffLoginTotp,
  postStaffTotpEnable,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  postSignup,
  postPasswordForgot,
  postEmailChange,
  postPasswordChange,
  postChild,
];
const rateLimited = new Set(rateLimitedCalls.map((c) => `${c.method} ${c.path.replace(/\{(\w+)\}/g, ':$1')}`));

const errorAnswers = {
  401: 'Not signed in (or not with the session this call needs)',
  403: 'Signed in without the right to do this',
  404: 'Not found, or not yours',
  413: 'The upload is too large',
  419: 'The XSRF header does not echo the XSRF-TOKEN cookie',
  422: 'The input does not match the contract (message and errors per field, in Japanese)',
  429: 'Too many attempts; Retry-After says when to try again',
} as const;
type ErrorStatus = keyof typeof errorAnswers;

/** The error answers an operation can give, from what it takes and who may call it. */
function errorStatusesOf(
  schema: { security?: Record<string, string[]>[]; params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[] },
  method: string,
  url: string,
): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  const signedIn = (schema.security ?? []).some((r) => Object.keys(r).some((k) => k !== 'xsrfHeader'));
  if (signedIn) statuses.push(401, 403);
  if (schema.params) statuses.push(404);
  if (schema.consumes) statuses.push(413);
  if (method !== 'GET') statuses.push(419);
  if (schema.params || schema.querystring || schema.body || schema.consumes) statuses.push(422);
  if (rateLimited.has(`${method} ${url}`)) statuses.push(429);
  return statuses;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform (zod → JSON Schema) with the error answers and the upload bodies added. */
function transform(input: TransformInput) {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const method = String((input.route as { method: string | string[] }).method);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of errorStatusesOf(schema, method, input.url)) {
    response[status] = errorSchema.meta({ description: errorAnswers[status] });
  }
  const result = jsonSchemaTransform({ ...input, schema: { ...schema, response } } as TransformInput);
  if (schema.consumes) {
    const upload = uploadOf(input.url);
    const description =
      upload.accepts === 'image_or_pdf'
        ? 'An image (JPEG, PNG) or a PDF that parses, under 20 MB'
        : 'A photo (JPEG, PNG, WebP, HEIC; no SVG), under 20 MB';
    (result.schema as Record<string, unknown>).body = {
      type: 'object',
      required: upload.optional ? [] : [upload.file],
      properties: {
        [upload.file]: { type: 'string', format: 'binary', description },
        ...Object.fromEntries((upload.fields ?? []).map((f) => [f, { type: 'string', maxLength: 255 }])),
      },
    };
  }
  return result;
}

/** The contract's upload parts (`Call.upload`) by route URL. */
const uploads = new Map<string, NonNullable<Call['upload']>>();
for (const value of Object.values(contract) as unknown[]) {
  const c = value as Partial<Call> | null;
  if (c && typeof c === 'object' && c.upload && c.path) uploads.set(c.path.replace(/\{(\w+)\}/g, ':$1'), c.upload);
}
const uploadOf = (url: string): NonNullable<Call['upload']> => uploads.get(url) ?? { file: 'upload_file' };

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    info: { title: 'れんらくノート API', version: '1.0.0' },
    components: { securitySchemes: securitySchemes as never },
  },
  transform,
};
