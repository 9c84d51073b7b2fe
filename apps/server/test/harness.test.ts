import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import qs from 'qs';
import { z } from 'zod';
import { defineCall, getChildrenContent, getChildSchedules, getNoticeFileReload, postAbsence } from '@renraku/contract';
import { Agent, call, callRaw, urlOf } from './harness';

/** The harness itself, against a bare Fastify app that echoes what it received. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ querystringParser: (s) => qs.parse(s) });
  await app.register(cookie);
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/sanctum/csrf-cookie', (_req, reply) => reply.setCookie('XSRF-TOKEN', 'token-1', { path: '/' }).status(204).send());
  app.all('/echo/:id', (req) => ({
    method: req.method,
    id: (req.params as { id: string }).id,
    query: req.query,
    body: req.body ?? null,
    xsrf: req.headers['x-xsrf-token'] ?? null,
    contentType: req.headers['content-type'] ?? null,
  }));
  app.get('/missing', (_req, reply) => reply.status(404).send({ message: 'みつかりません' }));
  await app.ready();
});
afterAll(() => app.close());

const echo = defineCall({
  method: 'POST',
  path: '/echo/{id}',
  summary: 'echo',
  params: z.object({ id: z.number() }),
  query: z.object({ children: z.array(z.number()).optional(), date: z.string().optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({
    method: z.string(),
    id: z.string(),
    query: z.record(z.string(), z.unknown()),
    body: z.unknown(),
    xsrf: z.string().nullable(),
    contentType: z.string().nullable(),
  }),
});

describe('urlOf', () => {
  it('fills the path and writes query arrays as the spec does', () => {
    expect(urlOf(getChildrenContent, {}, { children: [1, 2], date: '2026-11-20' })).toBe(
      '/api/children/content?children[]=1&children[]=2&date=2026-11-20',
    );
    expect(urlOf(getNoticeFileReload, { id: 3, fileId: 4 }, { childIds: [5] })).toBe(
      '/api/notices/3/files/4/reload?childIds[]=5',
    );
    expect(urlOf(getChildSchedules, { id: 7 }, { month: undefined })).toBe('/api/children/7/schedules');
    expect(urlOf(getChildSchedules, { id: 'a b' }, '?month=2')).toBe('/api/children/a%20b/schedules?month=2');
    expect(() => urlOf(postAbsence, {})).toThrow('/api/absences/{childId}: no value for {childId}');
  });
});

describe('call', () => {
  it('sends params, query, JSON body and the XSRF header; parses a 2xx answer with the response schema', async () => {
    const res = await call(new Agent(app), echo, { params: { id: 9 }, query: { children: [1, 2] }, body: { name: 'あ' } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      method: 'POST',
      id: '9',
      query: { children: ['1', '2'] },
      body: { name: 'あ' },
      xsrf: 'token-1',
      contentType: 'application/json',
    });
  });

  it('fails when a 2xx answer is not the contract’s', async () => {
    const drifted = { ...echo, response: z.object({ method: z.number() }) };
    await expect(call(new Agent(app), drifted, { params: { id: 1 }, body: { name: 'x' } })).rejects.toThrow(
      /POST \/echo\/1 answered 200 with a body that is not the contract's/,
    );
  });

  it('returns other statuses for the test to assert; their data cannot be read', async () => {
    const missing = defineCall({ method: 'GET', path: '/missing', summary: 'missing', response: z.object({ ok: z.boolean() }) });
    const res = await call(new Agent(app), missing);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'みつかりません' });
    expect(() => res.data).toThrow('GET /missing answered 404, not a success');
  });

  it('sends without the XSRF header when asked, and multipart bodies', async () => {
    const res = await call(new Agent(app), echo, { params: { id: 1 }, body: { name: 'x' }, xsrf: false });
    expect(res.data.xsrf).toBeNull();
    const form = await callRaw(new Agent(app), echo, { params: { id: 1 }, multipart: [{ name: 'a', value: 'b' }] });
    expect(form.data.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('callRaw', () => {
  it('sends what the contract would not allow', async () => {
    const res = await callRaw(new Agent(app), echo, {
      params: { id: 'abc' },
      query: 'children=1',
      body: { name: 42, extra: true },
    });
    expect(res.data).toMatchObject({ id: 'abc', query: { children: '1' }, body: { name: 42, extra: true } });
    const text = await callRaw(new Agent(app), echo, {
      params: { id: 1 },
      body: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.data.body).toBe('not json');
  });
});
