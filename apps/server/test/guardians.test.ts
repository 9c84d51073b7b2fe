import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  getChild,
  getChildren,
  getInviteVerify,
  guardianMessages,
  messages,
  postEmailChange,
  postEmailVerify,
  postInvite,
  putChangeMain,
  putChangeWritable,
  putDetach,
  putRelationType,
} from '@renraku/contract';
import { invitations, mailOutbox } from '../src/db/schema';
import { buildFamily, buildUser, latestMails, linkGuardian, TEST_PASSWORD } from './factories';
import { call, callRaw } from './harness';
import { setupGuardianApp } from './guardian-app';

const { t, db, as, anonymous, linkOf } = setupGuardianApp();
const invitationsOf = (childId: number) => db().select().from(invitations).where(eq(invitations.childId, childId));
const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('PUT /api/users/change/writable', () => {
  it('the main guardian toggles a co-guardian; others may not', async () => {
    const f = await buildFamily(db());
    const body = { childId: f.child.id, userId: f.readOnly.id };
    expect((await call(anonymous(), putChangeWritable, { body })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), putChangeWritable, { body })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable]) {
      const res = await call(await as(viewer), putChangeWritable, { body });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.forbidden);
    }
    expect((await linkOf(f.child.id, f.readOnly.id))!.writable).toBe(false);
    const main = await as(f.main);
    const res = await call(main, putChangeWritable, { body });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ id: f.readOnly.id, pivot: { writable: true } });
    expect((await linkOf(f.child.id, f.readOnly.id))!.writable).toBe(true);
    await call(main, putChangeWritable, { body });
    expect((await linkOf(f.child.id, f.readOnly.id))!.writable).toBe(false);
  });

  it('422 for the main guardian themself and for bad input; 404 for a non-guardian', async () => {
    const f = await buildFamily(db());
    const main = await as(f.main);
    const self = await call(main, putChangeWritable, { body: { childId: f.child.id, userId: f.main.id } });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(guardianMessages.mainCannotChangeSelf);
    expect((await call(main, putChangeWritable, { body: { childId: f.child.id, userId: f.unrelated.id } })).statusCode).toBe(404);
    expect((await call(main, putChangeWritable, { body: { childId: 'x', userId: f.readOnly.id } })).statusCode).toBe(422);
    expect((await linkOf(f.child.id, f.main.id))!.writable).toBe(true);
  });
});

describe('PUT /api/users/detach', () => {
  it('the main guardian removes a co-guardian; never themself; others may not', async () => {
    const f = await buildFamily(db());
    const body = { childId: f.child.id, userId: f.writable.id };
    expect((await call(anonymous(), putDetach, { body })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), putDetach, { body })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable])
      expect((await call(await as(viewer), putDetach, { body })).statusCode).toBe(403);
    expect(await linkOf(f.child.id, f.writable.id)).toBeDefined();
    const main = await as(f.main);
    const self = await call(main, putDetach, { body: { childId: f.child.id, userId: f.main.id } });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(guardianMessages.mainCannotDetachSelf);
    expect(await linkOf(f.child.id, f.main.id)).toBeDefined();
    expect((await call(main, putDetach, { body })).statusCode).toBe(200);
    expect(await linkOf(f.child.id, f.writable.id)).toBeUndefined();
    // The detached guardian no longer sees the child.
    expect((await call(await as(f.writable), getChild, { params: { id: f.child.id } })).statusCode).toBe(404);
  });
});

describe('PUT /api/users/change/main', () => {
  it('hands the main role over in one transaction', async () => {
    const f = await buildFamily(db());
    const body = { childId: f.child.id, userId: f.readOnly.id };
    expect((await call(anonymous(), putChangeMain, { body })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), putChangeMain, { body })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable])
      expect((await call(await as(viewer), putChangeMain, { body })).statusCode).toBe(403);
    const res = await call(await as(f.main), putChangeMain, { body });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      mainUser: { id: f.readOnly.id, pivot: { main: true, writable: true } },
      currentUser: { id: f.main.id, pivot: { main: false } },
    });
    expect(await linkOf(f.child.id, f.main.id)).toMatchObject({ main: false });
    expect(await linkOf(f.child.id, f.readOnly.id)).toMatchObject({ main: true, writable: true });
    // The former main guardian is now an ordinary guardian.
    expect((await call(await as(f.main), putChangeMain, { body: { childId: f.child.id, userId: f.main.id } })).statusCode).toBe(
      403,
    );
  });

  it('422 naming themself, 404 for a pending invitee; nothing changes', async () => {
    const f = await buildFamily(db());
    const invitee = await buildUser(db());
    await linkGuardian(db(), f.child.id, invitee.id, { activated: null });
    const main = await as(f.main);
    expect((await call(main, putChangeMain, { body: { childId: f.child.id, userId: f.main.id } })).statusCode).toBe(422);
    expect((await call(main, putChangeMain, { body: { childId: f.child.id, userId: invitee.id } })).statusCode).toBe(404);
    expect(await linkOf(f.child.id, f.main.id)).toMatchObject({ main: true });
  });
});

describe('PUT /api/users/type', () => {
  it('only the guardian themself changes their relation type', async () => {
    const f = await buildFamily(db());
    expect(
      (await call(anonymous(), putRelationType, { body: { childId: f.child.id, userId: f.readOnly.id, type: 5 } })).statusCode,
    ).toBe(401);
    expect(
      (await call(await as(f.unrelated), putRelationType, { body: { childId: f.child.id, userId: f.unrelated.id, type: 5 } }))
        .statusCode,
    ).toBe(404);
    const other = await call(await as(f.main), putRelationType, {
      body: { childId: f.child.id, userId: f.readOnly.id, type: 5 },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(guardianMessages.onlySelfType);
    for (const viewer of [f.readOnly, f.writable, f.main]) {
      const res = await call(await as(viewer), putRelationType, { body: { childId: f.child.id, userId: viewer.id, type: 5 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('続柄を更新しました');
      expect((await linkOf(f.child.id, viewer.id))!.type).toBe(5);
    }
    const bad = await callRaw(await as(f.writable), putRelationType, {
      body: { childId: f.child.id, userId: f.writable.id, type: 99 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('続柄を選択してください');
    expect((await linkOf(f.child.id, f.writable.id))!.type).toBe(5);
  });
});

describe('POST /api/users/invite', () => {
  it('a registered address: pending link, invitation mail with a verify URL, which leads to recognition', async () => {
    const f = await buildFamily(db());
    const invitee = await buildUser(db(), { name: '招待 太郎' });
    const res = await call(await as(f.main), postInvite, {
      body: { child_id: f.child.id, email: invitee.email.toUpperCase(), type: 5, writable: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe(guardianMessages.invitationSent);
    expect(await linkOf(f.child.id, invitee.id)).toMatchObject({ activated: null, writable: false, type: 5, main: false });
    const [mail] = await mailsTo(invitee.email);
    expect(mail).toMatchObject({ kind: 'invitation', status: 'pending', userId: invitee.id });
    const token = /\/users\/invite\/verify\/([\w-]+)/.exec(mail!.text)![1]!;
    const agent = await as(invitee);
    const children = (await call(agent, getChildren)).data;
    expect(children).toMatchObject([{ id: f.child.id, pivot: { activated: null } }]);
    const params = { token };
    // Only the invitee may open the link.
    expect((await call(await as(f.unrelated), getInviteVerify, { params })).statusCode).toBe(403);
    expect((await call(anonymous(), getInviteVerify, { params })).statusCode).toBe(401);
    const verified = await call(agent, getInviteVerify, { params });
    expect(verified.statusCode).toBe(200);
    expect(verified.data).toEqual({ child_id: f.child.id });
    // Single use.
    const again = await call(agent, getInviteVerify, { params });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(guardianMessages.invitationExpired);
  });

  it('the verify link expires after 7 days', async () => {
    const f = await buildFamily(db());
    const invitee = await buildUser(db());
    await call(await as(f.main), postInvite, { body: { child_id: f.child.id, email: invitee.email, type: 0, writable: true } });
    const [mail] = await mailsTo(invitee.email);
    const token = /\/users\/invite\/verify\/([\w-]+)/.exec(mail!.text)![1]!;
    // A remembered session outlives the 7 days.
    const late = await call(await t.agent().login(invitee.email, TEST_PASSWORD, true), getInviteVerify, {
      params: { token },
      headers: { 'x-test-now': new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString() },
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(guardianMessages.invitationExpired);
  });

  it('an unregistered address: 202 with a message, sign-up guidance mail, the invitation kept; claimed after sign-up', async () => {
    const f = await buildFamily(db());
    const email = `new-${Date.now()}@example.com`;
    const res = await call(await as(f.main), postInvite, { body: { child_id: f.child.id, email, type: 1, writable: true } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: guardianMessages.invitationSignupGuidance });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'signup_guidance' });
    expect(mail!.text).toContain('/users/register');
    expect(await invitationsOf(f.child.id)).toMatchObject([{ email, userId: null }]);
    // Inviting the same address again while open: 422.
    const twice = await call(await as(f.main), postInvite, { body: { child_id: f.child.id, email, type: 1, writable: true } });
    expect(twice.statusCode).toBe(422);
    // An account with the address made elsewhere (verified): signing in turns the invitation into
    // a pending link.
    const newcomer = await buildUser(db(), { email, emailVerifiedAt: new Date() });
    expect(await invitationsOf(f.child.id)).toMatchObject([{ email, userId: null }]);
    const list = (await call(await as(newcomer), getChildren)).data;
    expect(list).toMatchObject([{ id: f.child.id, pivot: { activated: null, type: 1 } }]);
    expect(await invitationsOf(f.child.id)).toMatchObject([{ email, userId: newcomer.id }]);
  });

  it('an invitation to an address claimed when a signed-in guardian confirms the change to it', async () => {
    const f = await buildFamily(db());
    const email = `moving-${Date.now()}@example.com`;
    expect(
      (await call(await as(f.main), postInvite, { body: { child_id: f.child.id, email, type: 1, writable: false } })).statusCode,
    ).toBe(202);
    const mover = await buildUser(db());
    const session = await as(mover);
    expect((await call(session, getChildren)).json()).toEqual([]);
    expect(
      (await call(session, postEmailChange, { body: { current_password: TEST_PASSWORD, new_email: email } })).statusCode,
    ).toBe(202);
    const [verifyMail] = (await mailsTo(email)).filter((m) => m.text.includes('/email/verify'));
    const token = /\/email\/verify\/([A-Za-z0-9_-]+)/.exec(verifyMail!.text)![1]!;
    expect((await call(anonymous(), postEmailVerify, { body: { token } })).statusCode).toBe(200);
    const list = (await call(session, getChildren)).data;
    expect(list).toMatchObject([{ id: f.child.id, pivot: { activated: null, type: 1, writable: false } }]);
  });

  it('only the main guardian invites; 422 for someone linked or pending and for bad input; nothing written', async () => {
    const f = await buildFamily(db());
    const target = await buildUser(db());
    const body = { child_id: f.child.id, email: target.email, type: 0, writable: true };
    const before = (await latestMails(db(), 1))[0]?.id ?? 0;
    expect((await call(anonymous(), postInvite, { body })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), postInvite, { body })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable])
      expect((await call(await as(viewer), postInvite, { body })).statusCode).toBe(403);
    const main = await as(f.main);
    for (const linked of [f.readOnly.email, f.main.email]) {
      const res = await call(main, postInvite, { body: { ...body, email: linked } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(guardianMessages.alreadyInvited);
    }
    for (const [bad, message] of [
      [{ ...body, email: '' }, 'メールアドレスを入力してください'],
      [{ ...body, email: 'not-an-address' }, 'メールアドレスの形式が正しくありません'],
      [{ ...body, type: 12 }, '続柄を選択してください'],
    ] as const) {
      const res = await callRaw(main, postInvite, { body: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect(await linkOf(f.child.id, target.id)).toBeUndefined();
    expect(await invitationsOf(f.child.id)).toEqual([]);
    expect((await latestMails(db(), 1))[0]?.id ?? 0).toBe(before);
    // Pending: a second invitation is refused.
    expect((await call(main, postInvite, { body })).statusCode).toBe(200);
    expect((await call(main, postInvite, { body })).statusCode).toBe(422);
  });
});
