import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  deletePushToken,
  deleteWebPushSubscription,
  emptyDailyNoteContent,
  getNotificationSettings,
  getWebPushPublicKey,
  postRegisterToken,
  postStaffClassDailyNotesPublish,
  postStaffFacilityNotice,
  postStaffNoticeWithdraw,
  postWebPushSubscription,
  putPushSettings,
  putStaffClassDailyNoteDrafts,
  tokyoDate,
  tokyoTime,
  tokyoInstant,
} from '@renraku/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@renraku/contract';
import { persistedVapidKeys, loadConfig } from '../src/config';
import { notices, pushOutbox, pushTokens, webPushSubscriptions } from '../src/db/schema';
import { MAIL_LEASE_MS } from '../src/lib/mail';
import { activeGuardiansOf } from '../src/modules/access';
import {
  claimPushes,
  deliverPendingPushes,
  enqueueDigests,
  enqueueGuardianPush,
  enqueueQuestionnaireClosing,
  webPushSender,
  type PushSender,
} from '../src/lib/push';
import { buildChild, buildStaffWorld, buildUser, linkGuardian } from './factories';
import { call, callRaw, setupApp, type Agent } from './harness';

/*
 * Web push (issue 20; docs/decisions/push-web-push.md): the subscription calls, the per-category
 * settings, and delivery through the push outbox to a test push endpoint on 127.0.0.1 that records
 * each POST and decrypts it with the subscription's keys (RFC 8291), as a browser would.
 */

const t = setupApp();
const db = () => t.db;
const today = tokyoDate(new Date());

// ---------------------------------------------------------------------------------------------
// The test push service

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
/** Paths answered with this status instead of 201 (a subscription gone: 410). */
const answers = new Map<string, number>();
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url ?? '') ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

/** A browser's subscription: a P-256 key pair and a 16-byte auth secret, and an endpoint on the test service. */
function browserSubscription(name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    body: {
      endpoint: `${base}/push/${name}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** Decrypts an aes128gcm web push body (RFC 8188 / 8291) as the browser does. */
function decrypt(sub: ReturnType<typeof browserSubscription>, body: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8')) as { title: string; body: string; link: string | null };
}

const sender = (): PushSender => webPushSender(db(), t.config.vapid);
// A second on by default: a row's `now()` default keeps microseconds that a JavaScript Date of the
// same millisecond would not reach (the retry delays are minutes, so nothing else moves).
const deliver = (at = new Date(Date.now() + 1000)) => deliverPendingPushes(db(), sender(), undefined, at);
const postsTo = (name: string) => received.filter((r) => r.path === `/push/${name}`);

// ---------------------------------------------------------------------------------------------

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let main: Agent;
let writable: Agent;
let unrelated: Agent;
let staff: Agent;
const subs = {} as Record<'main' | 'writable' | 'unrelated', ReturnType<typeof browserSubscription>>;

beforeAll(async () => {
  w = await buildStaffWorld(db());
  [main, writable, unrelated, staff] = await Promise.all([
    t.signIn(w.family.main),
    t.signIn(w.family.writable),
    t.signIn(w.family.unrelated),
    t.signInStaff(w.staff.director.user),
  ]);
  subs.main = browserSubscription('main');
  subs.writable = browserSubscription('writable');
  subs.unrelated = browserSubscription('unrelated');
}, 120_000);

const subscriptionsOf = (userId: number) =>
  db().select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));

describe('subscription calls', () => {
  it('the public key: guardians only; it is the configured VAPID key', async () => {
    expect((await call(t.agent(), getWebPushPublicKey)).statusCode).toBe(401);
    const res = await call(main, getWebPushPublicKey);
    expect(res.statusCode).toBe(200);
    expect(res.data.public_key).toBe(t.config.vapid.publicKey);
    expect(Buffer.from(res.data.public_key, 'base64url')).toHaveLength(65);
  });

  it('store and delete: anonymous 401, the guardian stores, another guardian cannot delete it, the owner can', async () => {
    const sub = browserSubscription('store-delete');
    expect((await call(t.agent(), postWebPushSubscription, { body: sub.body })).statusCode).toBe(401);
    const stored = await call(main, postWebPushSubscription, { body: sub.body });
    expect([stored.statusCode, stored.data.message]).toEqual([200, 'プッシュ通知を受け取る設定にしました']);
    // Twice: still one row.
    await call(main, postWebPushSubscription, { body: sub.body });
    expect((await subscriptionsOf(w.family.main.id)).filter((s) => s.endpoint === sub.body.endpoint)).toHaveLength(1);
    expect((await call(unrelated, deleteWebPushSubscription, { body: { endpoint: sub.body.endpoint } })).statusCode).toBe(200);
    expect((await subscriptionsOf(w.family.main.id)).map((s) => s.endpoint)).toContain(sub.body.endpoint);
    expect((await call(t.agent(), deleteWebPushSubscription, { body: { endpoint: sub.body.endpoint } })).statusCode).toBe(401);
    expect((await call(main, deleteWebPushSubscription, { body: { endpoint: sub.body.endpoint } })).statusCode).toBe(200);
    expect((await subscriptionsOf(w.family.main.id)).map((s) => s.endpoint)).not.toContain(sub.body.endpoint);
  });

  it('bad input: a 422 in Japanese and nothing stored', async () => {
    const sub = browserSubscription('bad');
    const before = (await db().select().from(webPushSubscriptions)).length;
    const cases: [unknown, string][] = [
      [{ ...sub.body, endpoint: 'http://push.example.com/x' }, 'プッシュ通知の宛先は https のURLで指定してください'],
      [{ ...sub.body, endpoint: 'http://10.0.0.1/x' }, 'プッシュ通知の宛先は https のURLで指定してください'],
      [{ ...sub.body, endpoint: 'ftp://push.example.com/x' }, 'プッシュ通知の宛先は https のURLで指定してください'],
      [{ ...sub.body, endpoint: 'not a url' }, 'プッシュ通知の宛先の形式が正しくありません'],
      [{ endpoint: sub.body.endpoint }, '暗号鍵（keys）を指定してください'],
      [{ endpoint: sub.body.endpoint, keys: { p256dh: sub.body.keys.p256dh } }, '認証キー（auth）を指定してください'],
      [{ ...sub.body, keys: { ...sub.body.keys, p256dh: 'AAAA' } }, '暗号鍵（p256dh）の形式が正しくありません'],
      [{ ...sub.body, keys: { ...sub.body.keys, auth: 'AAAA' } }, '認証キー（auth）の形式が正しくありません'],
      [{ ...sub.body, keys: { ...sub.body.keys, auth: '!!!' } }, '認証キー（auth）の形式が正しくありません'],
      [{}, 'プッシュ通知の宛先を指定してください'],
    ];
    for (const [body, message] of cases) {
      const res = await callRaw(main, postWebPushSubscription, { body });
      expect([res.statusCode, (res.json() as { message: string }).message], JSON.stringify(body)).toEqual([422, message]);
    }
    expect(await db().select().from(webPushSubscriptions)).toHaveLength(before);
  });

  it('the native token calls keep working unchanged', async () => {
    const token = `fcm-${crypto.randomUUID()}`;
    expect((await call(main, postRegisterToken, { body: { token } })).data.message).toBe('プッシュ通知の登録が完了しました');
    expect(await db().select().from(pushTokens).where(eq(pushTokens.token, token))).toHaveLength(1);
    expect((await call(main, deletePushToken, { body: { token } })).data.message).toBe('プッシュ通知の登録を解除しました');
    expect(await db().select().from(pushTokens).where(eq(pushTokens.token, token))).toHaveLength(0);
  });
});

describe('settings', () => {
  it('defaults: every category on, no digest; a change keeps the others; bad input 422', async () => {
    const fresh = await t.signIn(await buildUser(db()));
    expect((await call(fresh, getNotificationSettings)).data.push).toEqual({
      daily_note: true,
      notice: true,
      questionnaire_closing: true,
      attendance: true,
      digest: false,
    });
    const res = await call(fresh, putPushSettings, { body: { notice: false } });
    expect(res.data).toEqual({
      message: 'プッシュ通知の設定を変更しました',
      push: { daily_note: true, notice: false, questionnaire_closing: true, attendance: true, digest: false },
    });
    expect((await call(fresh, getNotificationSettings)).data.push.notice).toBe(false);
    expect((await callRaw(fresh, putPushSettings, { body: {} })).statusCode).toBe(422);
    expect((await callRaw(fresh, putPushSettings, { body: { notice: 'yes' } })).statusCode).toBe(422);
    expect((await callRaw(t.agent(), putPushSettings, { body: { notice: true } })).statusCode).toBe(401);
  });
});

describe('delivery', () => {
  beforeAll(async () => {
    // The main guardian and the co-guardian subscribe; the co-guardian turns daily notes off; a guardian of another family subscribes.
    for (const [agent, sub] of [
      [main, subs.main],
      [writable, subs.writable],
      [unrelated, subs.unrelated],
    ] as const) {
      expect((await call(agent, postWebPushSubscription, { body: sub.body })).statusCode).toBe(200);
    }
    await call(writable, putPushSettings, { body: { daily_note: false } });
    await db().update(pushOutbox).set({ status: 'sent' });
  });

  const publishNote = async (text: string) => {
    const content = { ...emptyDailyNoteContent(), text };
    const params = { classId: w.classA.id };
    expect(
      (
        await call(staff, putStaffClassDailyNoteDrafts, {
          params,
          body: { date: today, drafts: [{ child_id: w.family.child.id, content }] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(staff, postStaffClassDailyNotesPublish, { params, body: { date: today, child_ids: [w.family.child.id] } }))
        .statusCode,
    ).toBe(200);
  };

  it('a published note: one push to each subscribed guardian of the child with daily notes on, decryptable; a correction pushes nothing', async () => {
    await publishNote('砂場で遊びました');
    expect(await deliver()).toBe(1);
    expect(received.map((r) => r.path)).toEqual(['/push/main']);
    const [post] = received;
    expect(post!.headers['content-encoding']).toBe('aes128gcm');
    expect(post!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(post!.headers.ttl).toBe('86400');
    expect(decrypt(subs.main, post!.body)).toEqual({
      title: `${w.family.child.firstName}さんの連絡帳が届きました`,
      body: expect.stringMatching(/の様子をご覧ください$/),
      link: '/main',
    });
    const [sub] = await subscriptionsOf(w.family.main.id);
    expect(sub!.lastSuccessAt).not.toBeNull();

    received.length = 0;
    await publishNote('訂正: 砂場と滑り台で遊びました');
    expect(await deliver()).toBe(0);
    expect(received).toEqual([]);
  });

  it('a killed worker: its claim holds during the lease, then the push goes exactly once', async () => {
    expect(
      await enqueueGuardianPush(db(), {
        userIds: [w.family.main.id],
        category: 'notice',
        title: '題',
        body: '本文',
        link: '/notices',
        dedupeKey: 'lease',
      }),
    ).toBe(1);
    // A millisecond on: the row's next_attempt_at is PostgreSQL's now() in microseconds, which the same
    // millisecond's Date (truncated) could precede.
    const t0 = new Date(Date.now() + 1);
    expect(await claimPushes(db(), t0)).toHaveLength(1); // and the worker dies
    expect(await deliver(new Date(t0.getTime() + 1000))).toBe(0);
    const after = new Date(t0.getTime() + MAIL_LEASE_MS + 1000);
    const [a, b] = await Promise.all([deliver(after), deliver(after)]);
    expect(a + b).toBe(1);
    expect(await deliver(new Date(t0.getTime() + 3 * MAIL_LEASE_MS))).toBe(0);
    expect(postsTo('main')).toHaveLength(1);
  });

  it('410 from the push service deletes the subscription; a 500 retries', async () => {
    const gone = browserSubscription('gone');
    await call(unrelated, postWebPushSubscription, { body: gone.body });
    answers.set('/push/gone', 410);
    answers.set('/push/unrelated', 500);
    await enqueueGuardianPush(db(), {
      userIds: [w.family.unrelated.id],
      category: 'notice',
      title: '題',
      body: '本文',
      link: null,
      dedupeKey: 'gone',
    });
    await deliver();
    expect((await subscriptionsOf(w.family.unrelated.id)).map((s) => s.endpoint)).toEqual([subs.unrelated.body.endpoint]);
    const [row] = await db()
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.dedupeKey, `gone:${w.family.unrelated.id}`));
    expect([row!.status, row!.lastError]).toEqual(['pending', 'Error: push service answered 500']);
    answers.clear();
    expect(await deliver(new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(postsTo('unrelated')).toHaveLength(2);
  });

  it('rows written without the check (kind attendance, as the kiosk writes them) follow the settings at delivery', async () => {
    await call(unrelated, putPushSettings, { body: { attendance: false } });
    await db()
      .insert(pushOutbox)
      .values([
        { userId: w.family.unrelated.id, kind: 'attendance', title: '登園しました', body: '8:30', dedupeKey: 'kiosk-1' },
        { userId: w.family.main.id, kind: 'attendance', title: '登園しました', body: '8:30', dedupeKey: 'kiosk-2' },
      ]);
    expect(await deliver()).toBe(1);
    expect(received.map((r) => r.path)).toEqual(['/push/main']);
    const rows = await db()
      .select()
      .from(pushOutbox)
      .where(inArray(pushOutbox.dedupeKey, ['kiosk-1', 'kiosk-2']));
    expect(rows.map((r) => [r.dedupeKey, r.status]).sort()).toEqual([
      ['kiosk-1', 'skipped'],
      ['kiosk-2', 'sent'],
    ]);
  });

  it('a notice released now pushes its guardians; a scheduled one waits for its release; withdrawn, it never pushes', async () => {
    const now = await call(staff, postStaffFacilityNotice, {
      params: { facilityId: w.facilityId },
      body: { title: '遠足のお知らせ', text: '持ち物', audience: { kind: 'facility' }, release: 'now' },
    });
    expect(now.statusCode).toBe(201);
    // Both subscribed guardians of the child (the co-guardian turned only daily notes off); not the other family.
    expect(await deliver()).toBe(2);
    expect(received.map((r) => r.path).sort()).toEqual(['/push/main', '/push/writable']);
    expect(decrypt(subs.main, postsTo('main')[0]!.body)).toMatchObject({
      title: '新しいお知らせがあります',
      body: '遠足のお知らせ',
    });

    received.length = 0;
    const at = new Date(Date.now() + 2 * 3600_000);
    const later = await call(staff, postStaffFacilityNotice, {
      params: { facilityId: w.facilityId },
      body: {
        title: '予約のお知らせ',
        text: '後で',
        audience: { kind: 'facility' },
        release: 'scheduled',
        release_at: at.toISOString(),
      },
    });
    expect(later.statusCode).toBe(201);
    expect(await deliver()).toBe(0);
    expect(await deliver(new Date(at.getTime() + 1000))).toBe(2);
    expect(postsTo('main').map((p) => decrypt(subs.main, p.body).body)).toEqual(['予約のお知らせ']);

    received.length = 0;
    const withdrawn = await call(staff, postStaffFacilityNotice, {
      params: { facilityId: w.facilityId },
      body: {
        title: '取り下げ',
        text: '後で',
        audience: { kind: 'facility' },
        release: 'scheduled',
        release_at: at.toISOString(),
      },
    });
    expect((await call(staff, postStaffNoticeWithdraw, { params: { noticeId: withdrawn.data.id } })).statusCode).toBe(200);
    expect(await deliver(new Date(at.getTime() + 2000))).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('questionnaire closing tomorrow', () => {
  it('from 09:00 Tokyo the day before: one push to each guardian whose child has not answered, once', async () => {
    const at = tokyoInstant(today, '10:00');
    const made = await call(staff, postStaffFacilityNotice, {
      params: { facilityId: w.facilityId },
      body: {
        title: '運動会のアンケート',
        text: 'ご回答ください',
        audience: { kind: 'facility' },
        release: 'now',
        questionnaire: {
          close_at: tokyoInstant(addDays(today, 1), '12:00').toISOString(),
          questions: [{ text: '参加されますか', answer_format: 'single_choice', is_required: true, choices: ['はい', 'いいえ'] }],
        },
      },
    });
    expect(made.statusCode).toBe(201);
    await db()
      .update(notices)
      .set({ releasedAt: new Date(at.getTime() - 3600_000) })
      .where(eq(notices.id, made.data.id));
    expect(await enqueueQuestionnaireClosing(db(), tokyoInstant(today, '08:59'), activeGuardiansOf)).toBe(0);
    // The main guardian and the co-guardian of the family's child (both subscribed); not the other family.
    expect(await enqueueQuestionnaireClosing(db(), at, activeGuardiansOf)).toBe(2);
    expect(await enqueueQuestionnaireClosing(db(), at, activeGuardiansOf)).toBe(0);
    const rows = await db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'questionnaire_closing'));
    expect(rows.map((r) => [r.userId, r.title, r.link]).sort()).toEqual(
      [
        [w.family.main.id, 'アンケートの締切は明日です', `/notices/${made.data.id}`],
        [w.family.writable.id, 'アンケートの締切は明日です', `/notices/${made.data.id}`],
      ].sort(),
    );
  });
});

describe('the once-a-day digest', () => {
  it('held pushes become one summary at 19:00 Tokyo; arrivals stay immediate', async () => {
    await db().update(pushOutbox).set({ status: 'sent' }).where(eq(pushOutbox.status, 'pending'));
    const { child } = await buildChild(db(), { facilityId: w.facilityId });
    const parent = await buildUser(db());
    await linkGuardian(db(), child.id, parent.id, { main: true });
    const agent = await t.signIn(parent);
    const sub = browserSubscription('digest');
    await call(agent, postWebPushSubscription, { body: sub.body });
    await call(agent, putPushSettings, { body: { digest: true } });
    // The next 19:00 in Tokyo: the held pushes are written now, and a digest gathers what came before it.
    const day = tokyoTime(new Date()) < '19:00' ? today : addDays(today, 1);
    for (const [category, key] of [
      ['daily_note', 'd1'],
      ['daily_note', 'd2'],
      ['notice', 'n1'],
    ] as const) {
      await enqueueGuardianPush(db(), {
        userIds: (await activeGuardiansOf(db(), [child.id])).map((g) => g.userId),
        category,
        title: '題',
        body: '本文',
        link: '/main',
        dedupeKey: `digest-${key}`,
      });
    }
    await db()
      .insert(pushOutbox)
      .values({ userId: parent.id, kind: 'attendance', title: 'お迎え', body: '17:00', dedupeKey: 'digest-a' });
    expect(await deliver()).toBe(1);
    expect(postsTo('digest').map((p) => decrypt(sub, p.body).title)).toEqual(['お迎え']);

    expect(await enqueueDigests(db(), tokyoInstant(day, '18:59'))).toBe(0);
    expect(await enqueueDigests(db(), tokyoInstant(day, '19:00'))).toBe(1);
    expect(await enqueueDigests(db(), tokyoInstant(day, '19:05'))).toBe(0);
    expect(await deliver(new Date(Math.max(Date.now(), tokyoInstant(day, '19:01').getTime())))).toBe(1);
    expect(postsTo('digest').map((p) => decrypt(sub, p.body))).toEqual([
      { title: 'お迎え', body: '17:00', link: null },
      { title: '今日のお知らせまとめ', body: '連絡帳 2件・お知らせ 1件が届いています', link: '/main' },
    ]);
  });
});

describe('VAPID keys', () => {
  it('generated once into DATA_DIR (0600) and kept; VAPID_* from the environment win', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const first = persistedVapidKeys(dir);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(persistedVapidKeys(dir)).toEqual(first);
      expect(fs.statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual({ ...first, subject: 'mailto:no-reply@renraku-note.example' });
      const env = { DATA_DIR: dir, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'https://example.com/' };
      expect(loadConfig(env).vapid).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'https://example.com/' });
      expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'pub' })).toThrow(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
