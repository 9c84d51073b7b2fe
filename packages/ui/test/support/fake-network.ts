import { vi } from 'vitest';

/** One request as it left the app (JSON bodies parsed). */
export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What the fake network does with a request: the server's answer, or no answer at all. */
export type Reply = { status: number; body?: unknown } | 'offline';

/**
 * The network edge, faked for both apps' unit tests (docs/decisions/tests-client-unit.md): `fetch` is replaced by a function
 * that records each request and answers with `reply` (a status and a JSON body), or fails as a
 * browser does without a network (a TypeError). Everything above fetch is the app's real code.
 */
export function fakeNetwork(reply: (request: Sent) => Reply | Promise<Reply>) {
  const sent: Sent[] = [];
  // The XSRF cookie is there already, so a write is one request (the apps' API clients ask for it otherwise).
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request: Sent = {
      method: init.method ?? 'GET',
      path: String(url),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    sent.push(request);
    const answer = await reply(request);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { sent, fetch };
}

/** The browser's online flag (navigator.onLine), as the device's network comes and goes. */
export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}
