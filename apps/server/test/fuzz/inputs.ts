/**
 * Inputs of the fuzz suite (docs/decisions/tests-fuzz-suite.md): fast-check arbitraries built from
 * a call's zod schemas (through their JSON Schema, the same one the OpenAPI document shows), mixed
 * with hostile values. Three kinds of input per call, by weight:
 * - valid-ish: every value as the schema describes it, ids from the test world's tables, real dates;
 * - mutated: the same, with some values swapped for hostile ones (wrong types, huge ints, dates that
 *   do not exist, long strings, unicode, nulls, arrays, objects);
 * - hostile: a whole part (path, query, body) replaced (raw query strings, malformed percent-encoding,
 *   bodies that are not JSON, no body).
 */
import fc from 'fast-check';
import qs from 'qs';
import { z } from 'zod';
import type { Call } from '@renraku/contract';

type Json = Record<string, unknown>;

/** Values a careless or hostile client sends where something else is expected. */
const hostileConstants: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 63),
  1e308,
  0.5,
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e999',
  '0x10',
  'NaN',
  'null',
  'true',
  '2026-02-30',
  '0000-00-00',
  '2026-13-01',
  '9999-12-31',
  '0000-01',
  '2026-13',
  '24:00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '😀👨‍👩‍👧',
  'ｱｲｳｴｵ𠮷',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'a'.repeat(5000),
  'あ'.repeat(1001),
  [],
  [null],
  {},
  { $ne: 1 },
  { __proto__: { admin: true } },
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...hostileConstants) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }) },
);

/** What a call's world offers to make inputs meet real rows: ids of every table, dates around today, known strings. */
export interface Pools {
  ids: number[];
  dates: string[];
  months: string[];
  strings: string[];
}

const DATE_PATTERN = /\\d\{4\}-\\d\{2\}-\\d\{2\}/;
const MONTH_PATTERN = /\\d\{4\}-\(0\[1-9\]/;

/** The JSON Schema of a zod schema as a client sends it (defaults optional, transforms' input side). */
export const jsonSchemaOf = (schema: z.ZodType): Json =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

/**
 * An arbitrary for a JSON Schema. `hostility` is the weight (out of 100) with which each value is
 * swapped for a hostile one.
 */
export function arbitraryOf(schema: Json, pools: Pools, hostility: number, depth = 0): fc.Arbitrary<unknown> {
  const plain = plainArbitrary(schema, pools, hostility, depth);
  if (hostility === 0) return plain;
  return fc.oneof({ weight: 100 - hostility, arbitrary: plain }, { weight: hostility, arbitrary: hostileValue });
}

function plainArbitrary(schema: Json, pools: Pools, hostility: number, depth: number): fc.Arbitrary<unknown> {
  const inner = (s: unknown) => arbitraryOf((s ?? {}) as Json, pools, hostility, depth + 1);
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options?.length) return fc.oneof(...options.map((o) => inner(o)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return inner(schema.allOf[0]);
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => inner({ ...schema, type: t })));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberArbitrary(schema, pools, type === 'integer');
    case 'string':
      return stringArbitrary(schema, pools);
    case 'array': {
      const min = Number(schema.minItems ?? 0);
      const max = Math.min(Number(schema.maxItems ?? 5), min + 5);
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...(schema.prefixItems as Json[]).map((s) => inner(s)));
      return fc.array(inner(schema.items), { minLength: min, maxLength: max });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, inner(s)])), {
        requiredKeys: required.filter((k) => k in properties),
      });
      if (Object.keys(properties).length || !schema.additionalProperties) return record;
      const keys = (schema.propertyNames as Json | undefined) ?? { type: 'string' };
      return fc.dictionary(stringArbitrary(keys, pools), inner(schema.additionalProperties), { maxKeys: 3 });
    }
    default:
      // No type: anything (zod's `unknown`, a refinement JSON Schema cannot describe).
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

function numberArbitrary(schema: Json, pools: Pools, integer: boolean): fc.Arbitrary<number> {
  const min = Number(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : -1000));
  const max = Number(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Number(schema.exclusiveMaximum) - 1 : 1_000_000));
  const inRange = pools.ids.filter((id) => id >= min && id <= max);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  const ranged = integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true });
  return inRange.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...inRange) }, { weight: 1, arbitrary: ranged })
    : ranged;
}

function stringArbitrary(schema: Json, pools: Pools): fc.Arbitrary<string> {
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : undefined;
  if (pattern && DATE_PATTERN.test(pattern)) return fc.constantFrom(...pools.dates);
  if (pattern && MONTH_PATTERN.test(pattern)) return fc.constantFrom(...pools.months);
  if (pattern) {
    try {
      return fc.stringMatching(new RegExp(pattern), { size: 'xsmall' });
    } catch {
      // A pattern fast-check cannot generate from: plain strings.
    }
  }
  if (schema.format === 'email')
    return fc.oneof(fc.emailAddress(), fc.constantFrom(...pools.strings.filter((s) => s.includes('@'))));
  const min = Number(schema.minLength ?? 0);
  const max = Math.min(Number(schema.maxLength ?? 40), min + 40);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.strings).filter((s) => s.length >= min && s.length <= max) },
  );
}

/** One generated request of a call. */
export interface FuzzRequest {
  url: string;
  body?: string | Buffer;
  headers: Record<string, string>;
}

/** Path segments that are no valid or no sensible value. */
const hostilePathSegments = [
  '%',
  '%E0%A4%A',
  '%00',
  '..%2F..%2Fetc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%20',
  'null',
  'a'.repeat(300),
];
/** Query strings as written (deep nesting, arrays where one value is expected, malformed encoding). */
const hostileQueries = [
  'a[b][c][d][e][f]=1',
  'x=%',
  'date[]=1&date[]=2',
  'children[99999]=1',
  '%E0%A4%A=1',
  '&&&=&',
  '[]=1',
  'a'.repeat(3000),
];
/** Bodies that are not the JSON the call expects. */
const hostileBodies = [
  '{',
  'null',
  '[]',
  '"x"',
  '1',
  '{"a":',
  '\u0000',
  '{"__proto__":{"x":1}}',
  JSON.stringify('あ'.repeat(2000)),
];

/** A lone surrogate cannot be percent-encoded (URIError): it goes as U+FFFD, as a browser would send it. */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD');

const encodeQuery = (value: unknown) =>
  qs.stringify(value ?? {}, {
    arrayFormat: 'brackets',
    encodeValuesOnly: true,
    skipNulls: true,
    encoder: (text: unknown, defaultEncoder: (s: unknown) => string) =>
      defaultEncoder(typeof text === 'string' ? wellFormed(text) : text),
  });

/** A fast-check arbitrary of requests for one call. */
export function requestsOf(call: Call, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const part = (schema: z.ZodType | undefined) => {
    if (!schema) return fc.constant(undefined);
    const json = jsonSchemaOf(schema);
    return fc.oneof(
      { weight: 6, arbitrary: arbitraryOf(json, pools, 0) },
      { weight: 4, arbitrary: arbitraryOf(json, pools, 15) },
      { weight: 1, arbitrary: hostileValue },
    );
  };
  const pathParams = (call.path.match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1));
  const params = fc.oneof(
    { weight: 9, arbitrary: part(call.params) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(pathParams.map((p) => [p, fc.constantFrom(...hostilePathSegments)]))) },
  );
  const query = call.query
    ? fc.oneof(
        { weight: 9, arbitrary: part(call.query).map(encodeQuery) },
        { weight: 1, arbitrary: fc.constantFrom(...hostileQueries) },
      )
    : fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...hostileQueries) });
  const body: fc.Arbitrary<{ body?: string | Buffer; contentType?: string }> =
    call.method === 'GET'
      ? fc.constant({})
      : call.upload
        ? uploadBodies(call.upload)
        : fc.oneof(
            {
              weight: 9,
              arbitrary: part(call.body).map((b) => ({ body: JSON.stringify(b ?? {}), contentType: 'application/json' })),
            },
            {
              weight: 1,
              arbitrary: fc.constantFrom(...hostileBodies).map((b) => ({ body: b, contentType: 'application/json' })),
            },
            { weight: 1, arbitrary: fc.constant({}) },
          );
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => {
    const path = call.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = (p as Record<string, unknown> | undefined)?.[key];
      if (typeof value === 'string' && hostilePathSegments.includes(value)) return value;
      // A value that is not an object of params (a hostile part): every segment gets its text.
      const raw = p !== null && typeof p === 'object' && !Array.isArray(p) ? value : p;
      return encodeURIComponent(wellFormed(typeof raw === 'string' ? raw : JSON.stringify(raw ?? '')));
    });
    return {
      url: q ? `${path}?${q}` : path,
      ...(b.body !== undefined ? { body: b.body } : {}),
      headers: (b.contentType ? { 'content-type': b.contentType } : {}) as Record<string, string>,
    };
  });
}

/** Multipart bodies of an upload: garbage bytes, an empty file, the wrong part name, or no multipart at all. */
function uploadBodies(upload: NonNullable<Call['upload']>): fc.Arbitrary<{ body?: string | Buffer; contentType?: string }> {
  const boundary = '----renrakufuzz';
  const form = (name: string, data: Uint8Array, text: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${upload.fields?.[0] ?? 'x'}"\r\n\r\n${text}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          name: fc.constantFrom(upload.file, upload.file, 'other'),
          data: fc.uint8Array({ maxLength: 300 }),
          text: fc.string({ maxLength: 300 }),
        })
        .map(({ name, data, text }) => ({
          body: form(name, data, text),
          contentType: `multipart/form-data; boundary=${boundary}`,
        })),
    },
    { weight: 1, arbitrary: fc.constant({ body: '{}', contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant({ body: 'not multipart', contentType: `multipart/form-data; boundary=${boundary}` }) },
  );
}
