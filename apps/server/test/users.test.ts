import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import {
  deletePushToken,
  getAvailableFunctions,
  getDevMailbox,
  getNotificationSettings,
  guardianMessages,
  postChildrenOrder,
  postNotificationSettingsDisable,
  postNotificationSettingsEnable,
  postRegisterToken,
  postUserImage,
  putUsers,
} from '@renraku/contract';
import { childUser, mailOutbox, notificationSettings, pushTokens, users } from '../src/db/schema';
import { enqueueMail, deliverPendingMails } from '../src/lib/mail';
import { devMailboxKey } from '../src/config';
import { buildChild, buildFacility, buildFamily, buildUser, enableFunctions, linkGuardian } from './factories';
import { call, callRaw } from './harness';
import { setupGuardianApp } from './guardian-app';

const { t, db, as, anonymous } = setupGuardianApp();
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/users', () => {
  it('changes the name (trimmed); 401 anonymous; 422 empty or too long, nothing written', async () => {
    const user = await buildUser(db());
    expect((await call(anonymous(), putUsers, { body: { name: 'x' } })).statusCode).toBe(401);
    const agent = await as(user);
    const res = await call(agent, putUsers, { body: { name: '  佐藤 花子 ' } });
    expect(res.statusCode).toBe(200);
    expect(res.data.name).toBe('佐藤 花子');
    for (const [bad, message] of [
      [{ name: '   ' }, 'お名前を入力してください'],
      [{}, 'お名前を入力してください'],
      [{ name: 'あ'.repeat(51) }, 'お名前は50文字以内で入力してください'],
    ] as const) {
      const r = await callRaw(agent, putUsers, { body: bad });
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toBe(message);
    }
    expect((await userRow(user.id)).name).toBe('佐藤 花子');
  });
});

describe('POST /api/users/images', () => {
  it('stores the avatar without EXIF; 401 anonymous; 422 for a non-image', async () => {
    const user = await buildUser(db());
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 0/1 0/1' } })
      .toBuffer();
    const parts = [
      { name: 'content_name', value: 'me.jpg' },
      { name: 'upload_file', filename: 'me.jpg', data: jpeg },
    ];
    expect((await call(anonymous(), postUserImage, { multipart: parts })).statusCode).toBe(401);
    const agent = await as(user);
    const res = await call(agent, postUserImage, { multipart: parts });
    expect(res.statusCode).toBe(200);
    const served = await agent.get(res.json().image_url);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect((await userRow(user.id)).imageKey).toMatch(/^users\//);
    const r = await call(agent, postUserImage, {
      multipart: [{ name: 'upload_file', filename: 'x.jpg', data: Buffer.from('hello') }],
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('画像ファイルを選択してください');
  });
});

describe('POST /api/users/children/order', () => {
  it('saves exactly the activated children in the given order; 422 otherwise, nothing written', async () => {
    const user = await buildUser(db());
    const [a, b, c] = [await buildChild(db()), await buildChild(db()), await buildChild(db())];
    await linkGuardian(db(), a.child.id, user.id, { sortOrder: 0 });
    await linkGuardian(db(), b.child.id, user.id, { sortOrder: 1 });
    await linkGuardian(db(), c.child.id, user.id, { activated: null, sortOrder: 2 });
    const other = await buildFamily(db());
    expect((await call(anonymous(), postChildrenOrder, { body: { child_ids: [b.child.id, a.child.id] } })).statusCode).toBe(401);
    const agent = await as(user);
    const res = await call(agent, postChildrenOrder, { body: { child_ids: [b.child.id, a.child.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(guardianMessages.orderSaved);
    const order = async () =>
      (
        await db()
          .select()
          .from(childUser)
          .where(and(eq(childUser.userId, user.id), eq(childUser.activated, true)))
      )
        .sort((x, y) => x.sortOrder - y.sortOrder)
        .map((r) => r.childId);
    expect(await order()).toEqual([b.child.id, a.child.id]);
    for (const bad of [
      [a.child.id],
      [a.child.id, b.child.id, c.child.id],
      [a.child.id, a.child.id],
      [a.child.id, other.child.id],
      [],
    ]) {
      const r = await call(agent, postChildrenOrder, { body: { child_ids: bad } });
      expect(r.statusCode).toBe(422);
      expect(r.json().message).toBe(bad.length === 0 ? 'お子さまを指定してください' : guardianMessages.orderMismatch);
    }
    expect(await order()).toEqual([b.child.id, a.child.id]);
  });
});

describe('GET /api/users/functions/available', () => {
  it('lists the functions of the facilities of the caller’s currently enrolled children', async () => {
    const user = await buildUser(db());
    const f1 = await buildFacility(db());
    const f2 = await buildFacility(db());
    const f3 = await buildFacility(db());
    await enableFunctions(db(), f1, ['notice', 'event']);
    await enableFunctions(db(), f2, ['schedule']);
    await enableFunctions(db(), f3, ['body_measurement']);
    const a = await buildChild(db(), { facilityId: f1.id });
    const b = await buildChild(db(), { facilityId: f2.id });
    const left = await buildChild(db(), { facilityId: f3.id, leftOn: '2021-03-31' });
    await linkGuardian(db(), a.child.id, user.id, { writable: false });
    await linkGuardian(db(), b.child.id, user.id, { activated: null });
    await linkGuardian(db(), left.child.id, user.id);
    expect((await call(anonymous(), getAvailableFunctions)).statusCode).toBe(401);
    const res = await call(await as(user), getAvailableFunctions);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual(['notice', 'event']);
    expect((await call(await as(await buildUser(db())), getAvailableFunctions)).json()).toEqual([]);
  });
});

describe('notification settings and the outbox', () => {
  it('toggles the master switch; a notification to a user who turned it off is not written', async () => {
    const f = await buildFamily(db());
    const agent = await as(f.writable);
    expect((await call(anonymous(), getNotificationSettings)).statusCode).toBe(401);
    expect((await call(anonymous(), postNotificationSettingsDisable)).statusCode).toBe(401);
    const initial = (await call(agent, getNotificationSettings)).data;
    expect(initial).toMatchObject({ isNotificationDisabled: false, notification_settings: { email_all: true } });
    const off = await call(agent, postNotificationSettingsDisable);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('すべてのメール通知をオフにしました。');
    expect((await call(agent, getNotificationSettings)).json().notification_settings.email_all).toBe(false);
    expect(
      await enqueueMail(db(), { to: f.writable.email, userId: f.writable.id, kind: 'notice', subject: 's', text: 't' }),
    ).toBeNull();
    // Invitations and sign-up guidance are not notifications.
    expect(
      await enqueueMail(db(), { to: f.writable.email, userId: f.writable.id, kind: 'invitation', subject: 's', text: 't' }),
    ).toEqual(expect.any(Number));
    const on = await call(agent, postNotificationSettingsEnable);
    expect(on.json().message).toBe('すべてのメール通知をオンにしました。');
    expect(
      await enqueueMail(db(), { to: f.writable.email, userId: f.writable.id, kind: 'notice', subject: 's', text: 't' }),
    ).toEqual(expect.any(Number));
    expect(
      (await db().select().from(notificationSettings).where(eq(notificationSettings.userId, f.writable.id)))[0]!.emailDisabled,
    ).toBe(false);
    // No activated child: the screen shows its empty state.
    const lonely = await as(await buildUser(db()));
    expect((await call(lonely, getNotificationSettings)).json().isNotificationDisabled).toBe(true);
  });

  it('the dev mailbox lists mails newest first (with the printed key, test mode); the worker sends and marks them', async () => {
    const a = await enqueueMail(db(), { to: 'a@example.com', kind: 'invitation', subject: 'A', text: 'a' });
    const b = await enqueueMail(db(), { to: 'b@example.com', kind: 'invitation', subject: 'B', text: 'b' });
    expect((await call(anonymous(), getDevMailbox)).statusCode).toBe(404);
    expect((await call(await as(await buildUser(db())), getDevMailbox)).statusCode).toBe(404);
    const list = (await call(t.agent({ 'x-mailbox-key': devMailboxKey(t.config) }), getDevMailbox)).data;
    expect(list[0]!.id).toBe(b);
    expect(list[1]!.id).toBe(a);
    const sent: string[] = [];
    const count = await deliverPendingMails(db(), { send: async (m) => void sent.push(m.to) }, 'noreply@example.com');
    expect(count).toBeGreaterThanOrEqual(2);
    expect(sent).toContain('b@example.com');
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, b!)))[0]!.status).toBe('sent');
  });
});

describe('push tokens', () => {
  it('register and delete are idempotent; one user cannot delete another’s token', async () => {
    const [alice, bob] = [await buildUser(db()), await buildUser(db())];
    const tokens = async () => db().select().from(pushTokens).where(eq(pushTokens.token, 'device-token-1'));
    expect((await call(anonymous(), postRegisterToken, { body: { token: 'device-token-1' } })).statusCode).toBe(401);
    const a = await as(alice);
    expect((await call(a, postRegisterToken, { body: { token: 'device-token-1' } })).statusCode).toBe(200);
    expect((await call(a, postRegisterToken, { body: { token: 'device-token-1' } })).statusCode).toBe(200);
    expect(await tokens()).toMatchObject([{ userId: alice.id }]);
    const b = await as(bob);
    expect((await call(b, deletePushToken, { body: { token: 'device-token-1' } })).statusCode).toBe(200);
    expect(await tokens()).toHaveLength(1);
    expect((await call(a, deletePushToken, { body: { token: 'device-token-1' } })).statusCode).toBe(200);
    expect((await call(a, deletePushToken, { body: { token: 'device-token-1' } })).statusCode).toBe(200);
    expect(await tokens()).toHaveLength(0);
    const bad = await call(a, postRegisterToken, { body: { token: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('トークンを指定してください');
    expect((await call(anonymous(), deletePushToken, { body: { token: 'x' } })).statusCode).toBe(401);
  });
});
