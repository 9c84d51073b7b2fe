import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addDays, getChildren, getChildrenContent, getLoginCheck } from '@renraku/contract';
import { buildChild, buildDailyNote, buildFamily, linkGuardian } from './factories';
import { type Agent, call, setupApp } from './harness';

// The guardian app's pages with their first answers written in (src/lib/first-answers.ts): every
// page the login check and the constants, the signed-in home its feed too.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-home-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
fs.writeFileSync(
  path.join(dist, 'home.html'),
  '<!doctype html><html><head><title>home</title></head><body><div id="root"></div></body></html>',
);
const t = setupApp({ WEB_DIST: dist });

const NOW = '2026-11-22T03:00:00.000Z';
const TODAY = '2026-11-22';
const headers = { 'x-test-now': NOW };

type Answers = Record<string, { status: number; body: unknown }>;

/** The page `url` sends `agent` and the answers written into it. */
async function pageOf(agent: Agent, url: string, extra: Record<string, string> = {}) {
  const res = await agent.get(url, { headers: { ...headers, ...extra } });
  expect(res.statusCode).toBe(200);
  const html = res.body;
  const json = /<script id="first-answers" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return { res, html, answers: (json ? JSON.parse(json) : null) as Answers | null };
}
const homeOf = (agent: Agent, extra: Record<string, string> = {}) => pageOf(agent, '/main', extra);

const feedUrl = (ids: number[], date?: string) =>
  `/api/children/content?${[...ids.map((id) => `children%5B%5D=${id}`), ...(date ? [`date=${date}`] : [])].join('&')}`;

describe('the signed-in home page (GET /main with a session cookie)', () => {
  it('writes in the login check, the child list and the feed’s first days, as the calls answer them; never stored', async () => {
    const family = await buildFamily(t.db);
    const second = await buildChild(t.db, { facilityId: family.facilityId });
    await linkGuardian(t.db, second.child.id, family.main.id, { main: true, writable: true });
    for (const offset of [0, -1, -3, -4, -8]) await buildDailyNote(t.db, family.noteChild, addDays(TODAY, offset));
    const agent = await t.signIn(family.main, headers);

    const { res, answers } = await homeOf(agent);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toContain('Cookie');
    expect(answers).not.toBeNull();
    const expected = async (url: string) => (await agent.get(url, { headers })).json();
    expect(answers![getLoginCheck.path]!.body).toEqual(await expected(getLoginCheck.path));
    expect(answers![getChildren.path]!.body).toEqual((await call(agent, getChildren)).data);
    expect(answers!['/api/config/const']!.status).toBe(200);
    // The feed as the web app asks for it: every activated child, then the day before each loaded day.
    const ids = ((await call(agent, getChildren)).data as { id: number }[]).map((c) => c.id);
    expect(ids).toHaveLength(2);
    const first = feedUrl(ids);
    expect(answers![first]!.body).toEqual(await expected(first));
    const pages = Object.keys(answers!).filter((url) => url.startsWith(getChildrenContent.path));
    expect(pages).toEqual([
      first,
      feedUrl(ids, addDays(TODAY, -1)),
      feedUrl(ids, addDays(TODAY, -2)),
      feedUrl(ids, addDays(TODAY, -4)),
      feedUrl(ids, addDays(TODAY, -5)),
    ]);
    const days = pages.map((url) => Object.keys((answers![url]!.body as { data: object }).data)[0]);
    expect(days).toEqual([TODAY, addDays(TODAY, -1), addDays(TODAY, -3), addDays(TODAY, -4), addDays(TODAY, -8)]);
    for (const url of ['/api/children/existence', '/api/notices/notifications', '/api/microcms'])
      expect(answers![url]!.body, url).toEqual(await expected(url));
  });

  it('holds nothing of another family: each guardian’s page has only what their own calls answer', async () => {
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, TODAY, { text: '砂場で遊びました（Aの家族だけ）' });
    const { html } = await homeOf(await t.signIn(family.unrelated, headers));
    expect(html).not.toContain('Aの家族だけ');
    expect(html).not.toContain(`children%5B%5D=${family.child.id}`);
    expect(html).not.toContain(`"child_id":${family.child.id}`);
  });

  it('a read-only and a writable co-guardian get the child’s feed as their own calls answer it', async () => {
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, TODAY, { text: '共同保護者にも見える連絡' });
    for (const guardian of [family.readOnly, family.writable]) {
      const agent = await t.signIn(guardian, headers);
      const { answers } = await homeOf(agent);
      const url = feedUrl([family.child.id]);
      expect(answers![url]!.body).toEqual((await agent.get(url, { headers })).json());
      expect(JSON.stringify(answers![url]!.body)).toContain('共同保護者にも見える連絡');
    }
  });

  it('keeps a note’s text from ending the script element (</script>, <!--, U+2028 escaped)', async () => {
    const family = await buildFamily(t.db);
    const text = '</script><script>alert(1)</script><!-- \u2028 & >';
    await buildDailyNote(t.db, family.noteChild, TODAY, { text });
    const agent = await t.signIn(family.main, headers);
    const { html, answers } = await homeOf(agent);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    const feed = answers![feedUrl([family.child.id])]!.body as {
      data: Record<string, { message: { employeeInfo: { text: string } } }[]>;
    };
    expect(feed.data[TODAY]![0]!.message.employeeInfo.text).toBe(text);
  });

  it('a stale or foreign cookie gets only the login check (signed out) and the constants', async () => {
    const stranger = t.agent(headers);
    stranger.setCookie('renraku_session', 'not-a-session');
    const { answers } = await homeOf(stranger);
    expect(Object.keys(answers!).sort()).toEqual(['/api/config/const', getLoginCheck.path].sort());
    expect(answers![getLoginCheck.path]!.body).toEqual({ user: null });
  });

  it('every other page brings the login check and the constants, signed in or out, and nothing of the home', async () => {
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, TODAY, { text: '家族だけの連絡' });
    const constants = (await t.agent(headers).get('/api/config/const', { headers })).json();
    // A new visitor (no cookie) on the login screen, on a deep link, and on the home before the redirect.
    for (const url of ['/login', '/children/1', '/main']) {
      const { res, answers } = await pageOf(t.agent(headers), url);
      // Nothing personal: it may stay in the back-forward cache (revalidated, never stored by a proxy: Vary).
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toContain('Cookie');
      expect(answers, url).toEqual({
        [getLoginCheck.path]: { status: 200, body: { user: null } },
        '/api/config/const': { status: 200, body: constants },
      });
    }
    // Signed in, on a screen other than the home: who is signed in, and no child or feed.
    const agent = await t.signIn(family.main, headers);
    const { res, html, answers } = await pageOf(agent, `/children/${family.child.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(answers!).sort()).toEqual(['/api/config/const', getLoginCheck.path].sort());
    expect(answers![getLoginCheck.path]!.body).toEqual((await agent.get(getLoginCheck.path, { headers })).json());
    expect(html).not.toContain('家族だけの連絡');
  });

  it('is compressed for a browser that accepts it', async () => {
    const family = await buildFamily(t.db);
    await buildDailyNote(t.db, family.noteChild, TODAY);
    const agent = await t.signIn(family.main, headers);
    const { answers } = await homeOf(agent);
    // The answers come in the order the calls finished: compared as data.
    const answersIn = (html: string) => JSON.parse(/type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as Answers;
    const br = await agent.get('/main', { headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(answersIn(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(answers);
    const gzip = await agent.get('/main', { headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(answersIn(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(answers);
  });
});
