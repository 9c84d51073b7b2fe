import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@renraku/contract/client/messages';
import type { Call } from '@renraku/contract/client';
import { ApiRequestError, buildPath, createApiClient, errorText, statusOf } from '../src/api';
import { retryUnlessClientError } from '../src/query-retry';

// Two calls shaped as the contract's (only method and path matter to the client).
const getThing = { method: 'GET', path: '/api/things/{id}' } as unknown as Call;
const postThing = { method: 'POST', path: '/api/things' } as unknown as Call;

type Sent = { url: string; init: RequestInit };

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The network edge, faked (node has no document): a cookie jar and a fetch that answers from a
 * queue (the CSRF path sets the cookie, as the server does). Everything between them is the real client.
 */
function network(answers: Array<() => Response>, jar = { cookie: '' }) {
  const sent: Sent[] = [];
  vi.stubGlobal('document', jar);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    if (url === '/csrf') {
      jar.cookie = `XSRF-TOKEN=${encodeURIComponent(`token ${sent.length}`)}`;
      return new Response(null, { status: 204 });
    }
    const answer = answers.shift();
    if (!answer) throw new TypeError('no network');
    return answer();
  });
  const [api, setUnauthenticatedHandler] = createApiClient('/csrf');
  return { client: { api, setUnauthenticatedHandler }, sent, jar };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('errorText (the error mapping, DESIGN §4)', () => {
  it('joins every field error by line breaks', () => {
    const error = new ApiRequestError(422, {
      message: '入力内容を確認してください',
      errors: { name: ['名前を入力してください'], birth: ['生年月日が正しくありません', '未来の日付です'] },
    });
    expect(errorText(error)).toBe('名前を入力してください\n生年月日が正しくありません\n未来の日付です');
  });

  it("takes the server's message when there are no field errors", () => {
    expect(errorText(new ApiRequestError(403, { message: 'この操作は許可されていません' }))).toBe('この操作は許可されていません');
    expect(errorText(new ApiRequestError(422, { message: '期限を過ぎています', errors: {} }))).toBe('期限を過ぎています');
  });

  it('falls back to the generic Japanese message for an empty answer, a network failure or anything else', () => {
    expect(errorText(new ApiRequestError(500, {}))).toBe(messages.genericError);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(messages.genericError);
    expect(errorText(undefined)).toBe(messages.genericError);
    expect(messages.genericError).toBe('エラーが発生しました');
  });

  it("ApiRequestError's own message is the server's, else the generic one", () => {
    expect(new ApiRequestError(409, { message: '既に登録されています' }).message).toBe('既に登録されています');
    expect(new ApiRequestError(502, {}).message).toBe(messages.genericError);
  });
});

describe('statusOf and the retry rule', () => {
  it('statusOf: the status of a failed call, undefined for anything else', () => {
    expect(statusOf(new ApiRequestError(404, {}))).toBe(404);
    expect(statusOf(new TypeError('network'))).toBeUndefined();
    expect(statusOf(null)).toBeUndefined();
  });

  it('retries network failures and 5xx twice, never a 4xx', () => {
    expect(retryUnlessClientError(0, new TypeError('network'))).toBe(true);
    expect(retryUnlessClientError(1, new ApiRequestError(503, {}))).toBe(true);
    expect(retryUnlessClientError(2, new ApiRequestError(503, {}))).toBe(false);
    expect(retryUnlessClientError(0, new ApiRequestError(404, {}))).toBe(false);
    expect(retryUnlessClientError(0, new ApiRequestError(422, {}))).toBe(false);
  });
});

describe('buildPath', () => {
  it('fills the path parameters (encoded) and appends the query', () => {
    expect(buildPath('/api/children/{id}/notes/{date}', { id: 12, date: '2026-06-10' })).toBe(
      '/api/children/12/notes/2026-06-10',
    );
    expect(buildPath('/api/x/{name}', { name: 'a/b c' })).toBe('/api/x/a%2Fb%20c');
    expect(buildPath('/api/feed', undefined, { child_ids: [1, 2], date: null })).toBe(
      '/api/feed?child_ids%5B%5D=1&child_ids%5B%5D=2',
    );
    expect(buildPath('/api/feed', undefined, {})).toBe('/api/feed');
  });
});

describe('createApiClient', () => {
  it('a read: no XSRF round trip, no body, JSON back', async () => {
    const { client, sent } = network([json(200, { id: 7 })]);
    expect(await client.api(getThing, { params: { id: 7 } } as never)).toEqual({ id: 7 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/things/7');
    expect(sent[0]!.init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json' });
  });

  it('a write: fetches the XSRF cookie once, echoes it in X-XSRF-TOKEN, sends JSON ({} when there is no body)', async () => {
    const { client, sent } = network([json(201, { id: 1 }), json(201, { id: 2 })]);
    await client.api(postThing, { body: { name: 'さくら' } } as never);
    await client.api(postThing);
    expect(sent.map((s) => s.url)).toEqual(['/csrf', '/api/things', '/api/things']);
    expect(sent[1]!.init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-xsrf-token': 'token 1',
    });
    expect(sent[1]!.init.body).toBe('{"name":"さくら"}');
    expect(sent[2]!.init.body).toBe('{}');
  });

  it('a multipart form goes as it is (the browser sets its content type)', async () => {
    const { client, sent } = network([json(201, {})], { cookie: 'XSRF-TOKEN=t' });
    const form = new FormData();
    form.append('file', 'x');
    await client.api(postThing, { body: form } as never);
    expect(sent[0]!.init.body).toBe(form);
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'x-xsrf-token': 't' });
  });

  it('a 419 (the XSRF cookie expired) fetches a new cookie and tries once more', async () => {
    const { client, sent } = network([json(419, {}), json(200, { ok: true })], { cookie: 'XSRF-TOKEN=old' });
    expect(await client.api(postThing)).toEqual({ ok: true });
    expect(sent.map((s) => s.url)).toEqual(['/api/things', '/csrf', '/api/things']);
    expect((sent[0]!.init.headers as Record<string, string>)['x-xsrf-token']).toBe('old');
    expect((sent[2]!.init.headers as Record<string, string>)['x-xsrf-token']).toBe('token 2');
  });

  it('a failure is an ApiRequestError with the status and the body; a body that is not JSON is an empty one', async () => {
    const { client } = network([
      json(422, { message: '入力内容を確認してください', errors: { name: ['必須です'] } }),
      () => new Response('<html>', { status: 502 }),
    ]);
    const invalid = await client.api(getThing).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiRequestError);
    expect(invalid).toMatchObject({ status: 422, body: { errors: { name: ['必須です'] } } });
    expect(errorText(invalid)).toBe('必須です');
    const gateway = await client.api(getThing).catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, body: {}, message: messages.genericError });
  });

  it('204 is null; onStatus sees the status of a success', async () => {
    const { client } = network([() => new Response(null, { status: 204 }), json(202, {})], { cookie: 'XSRF-TOKEN=t' });
    expect(await client.api(postThing)).toBeNull();
    const statuses: number[] = [];
    await client.api(postThing, { onStatus: (s) => statuses.push(s) });
    expect(statuses).toEqual([202]);
  });

  it("a 401 calls the app's handler, unless the call says not to", async () => {
    const { client } = network([json(401, {}), json(401, {}), json(403, {})]);
    let calls = 0;
    client.setUnauthenticatedHandler(() => calls++);
    await expect(client.api(getThing)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
    await expect(client.api(getThing, { reportUnauthenticated: false })).rejects.toMatchObject({ status: 401 });
    await expect(client.api(getThing)).rejects.toMatchObject({ status: 403 });
    expect(calls).toBe(1);
  });

  it('a network failure is passed on as it is (not an ApiRequestError)', async () => {
    const { client } = network([]);
    const error = await client.api(getThing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(statusOf(error)).toBeUndefined();
  });

  it('an early answer stands in for a read once; a failed one is asked again', async () => {
    const early = new Map<string, Promise<Response>>([
      ['/api/things/1', Promise.resolve(json(200, { from: 'early' })())],
      ['/api/things/2', Promise.reject(new TypeError('offline'))],
    ]);
    const sent: string[] = [];
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return json(200, { from: 'network' })();
    });
    const [api] = createApiClient('/csrf', (url) => {
      const answer = early.get(url);
      early.delete(url);
      return answer;
    });
    const client = { api };
    expect(await client.api(getThing, { params: { id: 1 } } as never)).toEqual({ from: 'early' });
    expect(await client.api(getThing, { params: { id: 1 } } as never)).toEqual({ from: 'network' });
    expect(await client.api(getThing, { params: { id: 2 } } as never)).toEqual({ from: 'network' });
    expect(sent).toEqual(['/api/things/1', '/api/things/2']);
  });
});
