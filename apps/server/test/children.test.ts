import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  getAvailableFunctions,
  getChild,
  getChildren,
  getChildUser,
  getRecognition,
  guardianMessages,
  messages,
  postChild,
  postChildImage,
  postChildrenSession,
  postLogin,
  postRecognition,
  putChild,
} from '@renraku/contract';
import { childRegistrationAttempts, children } from '../src/db/schema';
import { buildChild, buildFamily, buildRegistrationToken, buildUser, linkGuardian, TEST_PASSWORD } from './factories';
import { type Agent, call, callRaw } from './harness';
import { setupGuardianApp } from './guardian-app';

const { t, db, as, anonymous, linkOf } = setupGuardianApp();
const childRow = async (id: number) => (await db().select().from(children).where(eq(children.id, id)))[0]!;

async function jpegWithGps() {
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RenrakuCam', Model: 'GPS Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 2910/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 44/1 2838/100' },
    })
    .toBuffer();
  return jpeg;
}

describe('GET /api/children', () => {
  it('401 for an anonymous visitor', async () => {
    expect((await call(anonymous(), getChildren)).statusCode).toBe(401);
  });

  it("lists only the caller's links, pending ones with activated null, in the saved order", async () => {
    const user = await buildUser(db());
    const a = await buildChild(db(), { firstName: '一郎' });
    const b = await buildChild(db(), { firstName: '二郎' });
    const pending = await buildChild(db(), { firstName: '三郎' });
    const stranger = await buildChild(db());
    await linkGuardian(db(), a.child.id, user.id, { main: true, sortOrder: 1 });
    await linkGuardian(db(), b.child.id, user.id, { main: true, sortOrder: 0 });
    await linkGuardian(db(), pending.child.id, user.id, { activated: null, sortOrder: 5 });
    await linkGuardian(db(), stranger.child.id, (await buildUser(db())).id, { main: true });
    const res = await call(await as(user), getChildren);
    expect(res.statusCode).toBe(200);
    const list = res.data;
    expect(list.map((c) => c.id)).toEqual([b.child.id, a.child.id, pending.child.id]);
    expect(list.map((c) => c.first_name)).toEqual(['二郎', '一郎', '']);
    expect(list[2]!.pivot.activated).toBeNull();
    // A pending invitee sees the kana first name only (security.test.ts, finding 11).
    expect(list[2]!.first_name_kana).toBe('こ');
    expect(list[2]!.qr_token).toBe('');
  });
});

describe('GET /api/children/{id}', () => {
  it('answers the child and its activated guardians to each of its guardians; 404 to anyone else', async () => {
    const f = await buildFamily(db());
    const invitee = await buildUser(db());
    await linkGuardian(db(), f.child.id, invitee.id, { activated: null });
    const params = { id: f.child.id };
    expect((await call(anonymous(), getChild, { params })).statusCode).toBe(401);
    for (const stranger of [f.unrelated, invitee]) {
      const res = await call(await as(stranger), getChild, { params });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.notFound);
    }
    for (const viewer of [f.readOnly, f.writable, f.main]) {
      const res = await call(await as(viewer), getChild, { params });
      expect(res.statusCode).toBe(200);
      const child = res.data;
      expect(child.users.map((u) => u.id).sort()).toEqual([f.main.id, f.writable.id, f.readOnly.id].sort());
      expect(child.users[0]).toMatchObject({ id: f.main.id, pivot: { main: true } });
      expect(res.body).not.toContain('password');
    }
  });

  it('422 for a malformed id, 404 for an unknown one', async () => {
    const f = await buildFamily(db());
    const agent = await as(f.main);
    expect((await callRaw(agent, getChild, { params: { id: 'abc' } })).statusCode).toBe(422);
    expect((await call(agent, getChild, { params: { id: 99999999 } })).statusCode).toBe(404);
  });
});

describe('PUT /api/children/{id}', () => {
  const body = { lastName: ' 山田 ', firstName: '花', lastNameKana: 'やまだ', firstNameKana: 'はな' };

  it('lets only the main guardian change the name', async () => {
    const f = await buildFamily(db());
    const params = { id: f.child.id };
    expect((await call(anonymous(), putChild, { params, body })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), putChild, { params, body })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable]) {
      const res = await call(await as(viewer), putChild, { params, body });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.forbidden);
    }
    expect((await childRow(f.child.id)).firstName).toBe(f.child.firstName);
    const res = await call(await as(f.main), putChild, { params, body });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ last_name: '山田', first_name: '花', first_name_kana: 'はな' });
    expect(await childRow(f.child.id)).toMatchObject({ lastName: '山田', firstName: '花' });
  });

  it('422 with the Japanese message for bad names; nothing written', async () => {
    const f = await buildFamily(db());
    const agent = await as(f.main);
    for (const [bad, message] of [
      [{ ...body, firstName: '  ' }, '名を入力してください'],
      [{ ...body, lastName: 'あ'.repeat(51) }, '姓は50文字以内で入力してください'],
      [{ ...body, firstNameKana: 'Hana' }, 'めいはひらがなで入力してください'],
      [{ lastName: '山田' }, '名を入力してください'],
    ] as const) {
      const res = await callRaw(agent, putChild, { params: { id: f.child.id }, body: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect((await childRow(f.child.id)).firstName).toBe(f.child.firstName);
  });
});

describe('recognition', () => {
  it('shows a pending invitation with the main guardian; only to the invitee', async () => {
    const f = await buildFamily(db());
    const invitee = await buildUser(db());
    await linkGuardian(db(), f.child.id, invitee.id, { activated: null });
    const params = { id: f.child.id };
    const res = await call(await as(invitee), getRecognition, { params });
    expect(res.statusCode).toBe(200);
    const body = res.data;
    expect(body.child.first_name_kana).toBe('こ');
    expect(body.mainUser).toMatchObject({ id: f.main.id, name: f.main.name });
    expect((await call(anonymous(), getRecognition, { params })).statusCode).toBe(401);
    for (const other of [f.unrelated, f.readOnly, f.writable, f.main]) {
      expect((await call(await as(other), getRecognition, { params })).statusCode).toBe(404);
    }
  });

  it('accepting activates the link and answers the list; refusing removes it', async () => {
    const f = await buildFamily(db());
    const [accepter, refuser] = [await buildUser(db()), await buildUser(db())];
    await linkGuardian(db(), f.child.id, accepter.id, { activated: null });
    await linkGuardian(db(), f.child.id, refuser.id, { activated: null });
    const accepted = await call(await as(accepter), postRecognition, { body: { childId: f.child.id, activate: true } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.data).toMatchObject([{ id: f.child.id, pivot: { activated: true } }]);
    expect((await linkOf(f.child.id, accepter.id))!.activated).toBe(true);
    const refused = await call(await as(refuser), postRecognition, { body: { childId: f.child.id, activate: false } });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual([]);
    expect(await linkOf(f.child.id, refuser.id)).toBeUndefined();
  });

  it('404 for a link that is not pending, 401 anonymous, 422 bad input; nothing written', async () => {
    const f = await buildFamily(db());
    expect((await call(anonymous(), postRecognition, { body: { childId: f.child.id, activate: true } })).statusCode).toBe(401);
    for (const viewer of [f.unrelated, f.readOnly, f.writable, f.main]) {
      expect((await call(await as(viewer), postRecognition, { body: { childId: f.child.id, activate: false } })).statusCode).toBe(
        404,
      );
    }
    expect(await linkOf(f.child.id, f.readOnly.id)).toBeDefined();
    const bad = await callRaw(await as(f.main), postRecognition, { body: { childId: f.child.id } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('承認するかどうかを指定してください');
  });
});

describe('GET /api/children/{childId}/users/{userId}', () => {
  it('answers a guardian of a child to its guardians only', async () => {
    const f = await buildFamily(db());
    const params = { childId: f.child.id, userId: f.readOnly.id };
    expect((await call(anonymous(), getChildUser, { params })).statusCode).toBe(401);
    expect((await call(await as(f.unrelated), getChildUser, { params })).statusCode).toBe(404);
    for (const viewer of [f.readOnly, f.writable, f.main]) {
      const res = await call(await as(viewer), getChildUser, { params });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({
        user: { id: f.readOnly.id, pivot: { writable: false } },
        child: { id: f.child.id },
      });
    }
    // A user who is not a guardian of this child.
    expect(
      (await call(await as(f.main), getChildUser, { params: { childId: f.child.id, userId: f.unrelated.id } })).statusCode,
    ).toBe(404);
  });
});

describe('child registration', () => {
  it('session: checks the URL for a visitor who is not logged in', async () => {
    const { child } = await buildChild(db());
    const { token } = await buildRegistrationToken(db(), child);
    const ok = await call(anonymous(), postChildrenSession, { body: { company: child.companyId, token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'renraku_child_registration')?.httpOnly).toBe(true);
    const bad = await call(anonymous(), postChildrenSession, { body: { company: child.companyId, token: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(guardianMessages.registrationTokenInvalid);
  });

  it('sign-in sends a visitor back to the registration URL they opened; a tampered cookie is ignored', async () => {
    const { child } = await buildChild(db());
    const { token } = await buildRegistrationToken(db(), child);
    const user = await buildUser(db());
    const visitor = anonymous();
    expect((await call(visitor, postChildrenSession, { body: { company: child.companyId, token } })).statusCode).toBe(200);
    const signedIn = await call(visitor, postLogin, { body: { email: user.email, password: TEST_PASSWORD, remember: false } });
    const registration = `/children/register/${child.companyId}/${encodeURIComponent(token)}`;
    expect(signedIn.json()).toMatchObject({ path: registration, next_path: registration });

    const cookie = visitor.cookie('renraku_child_registration')!;
    const other = await buildRegistrationToken(db(), child);
    const tampered = cookie.replace(token, other.token);
    const forger = anonymous();
    forger.setCookie('renraku_child_registration', tampered);
    const forged = await call(forger, postLogin, { body: { email: user.email, password: TEST_PASSWORD, remember: false } });
    expect(forged.json()).toMatchObject({ path: '/main', next_path: '/main' });
    const plain = await call(anonymous(), postLogin, { body: { email: user.email, password: TEST_PASSWORD, remember: false } });
    expect(plain.json()).toMatchObject({ path: '/main', next_path: '/main' });
  });

  it('links the first guardian as main, the next one (another token) as a writable co-guardian', async () => {
    const { child } = await buildChild(db());
    const [first, second] = [await buildUser(db()), await buildUser(db())];
    const one = await buildRegistrationToken(db(), child);
    const two = await buildRegistrationToken(db(), child);
    expect(
      (
        await call(anonymous(), postChild, {
          body: { birth: child.birth, type: 1, token: one.token, company_id: child.companyId },
        })
      ).statusCode,
    ).toBe(401);
    const res = await call(await as(first), postChild, {
      body: { birth: child.birth, type: 1, token: one.token, company_id: child.companyId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: '登録完了', child_id: child.id });
    expect(await linkOf(child.id, first.id)).toMatchObject({ main: true, writable: true, activated: true, type: 1 });
    const again = await call(await as(second), postChild, {
      body: { birth: child.birth, type: 0, token: two.token, company_id: child.companyId },
    });
    expect(again.statusCode).toBe(201);
    expect(await linkOf(child.id, second.id)).toMatchObject({ main: false, writable: true, activated: true });
  });

  it('422 for a wrong birth date (nothing linked), then 429 after 5 wrong tries in an hour', async () => {
    const { child } = await buildChild(db());
    const user = await buildUser(db());
    const { token, row } = await buildRegistrationToken(db(), child);
    const agent = await as(user);
    for (let i = 0; i < 5; i++) {
      const res = await call(agent, postChild, { body: { birth: '2019-01-01', type: 0, token, company_id: child.companyId } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(guardianMessages.wrongBirth);
    }
    const blocked = await call(agent, postChild, { body: { birth: child.birth, type: 0, token, company_id: child.companyId } });
    expect(blocked.statusCode).toBe(429);
    expect(await linkOf(child.id, user.id)).toBeUndefined();
    expect(
      (await db().select().from(childRegistrationAttempts).where(eq(childRegistrationAttempts.tokenId, row.id))).length,
    ).toBe(5);
    // An hour later the guardian may try again.
    const later = await call(agent, postChild, {
      body: { birth: child.birth, type: 0, token, company_id: child.companyId },
      headers: { 'x-test-now': new Date(Date.now() + 61 * 60_000).toISOString() },
    });
    expect(later.statusCode).toBe(201);
  });

  it('422 for an expired, used or unknown token and for an already linked child; 422 for bad input', async () => {
    const { child } = await buildChild(db());
    const user = await buildUser(db());
    const agent = await as(user);
    const expired = await buildRegistrationToken(db(), child, { expiresAt: new Date(Date.now() - 1000) });
    const used = await buildRegistrationToken(db(), child, { usedAt: new Date() });
    for (const token of [expired.token, used.token, 'unknown']) {
      const res = await call(agent, postChild, { body: { birth: child.birth, type: 0, token, company_id: child.companyId } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(guardianMessages.registrationTokenInvalid);
    }
    await linkGuardian(db(), child.id, user.id, { main: true });
    const fresh = await buildRegistrationToken(db(), child);
    const linked = await call(agent, postChild, {
      body: {
        birth: child.birth,
        type: 0,
        token: fresh.token,
        company_id: child.companyId,
      },
    });
    expect(linked.statusCode).toBe(422);
    expect(linked.json().message).toBe(guardianMessages.alreadyLinked);
    for (const [bad, message] of [
      [{ birth: '2020/01/01', type: 0, token: fresh.token, company_id: child.companyId }, '日付の形式が正しくありません'],
      [{ birth: child.birth, type: 42, token: fresh.token, company_id: child.companyId }, '続柄を選択してください'],
    ] as const) {
      const res = await callRaw(agent, postChild, { body: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('POST /api/children/{childId}/images', () => {
  const upload = async (agent: Agent, childId: number, data: Buffer, filename = 'photo.jpg') => {
    return call(agent, postChildImage, {
      params: { childId },
      multipart: [
        { name: 'content_name', value: filename },
        { name: 'upload_file', filename, data },
      ],
    });
  };

  it('stores the photo without any EXIF (GPS) and serves it by a signed URL', async () => {
    const f = await buildFamily(db());
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const agent = await as(f.writable);
    const res = await upload(agent, f.child.id, input);
    expect(res.statusCode).toBe(200);
    const { image_url } = res.data;
    expect(image_url).toMatch(/^\/files\/children\/.+sig=/);
    const served = await agent.get(image_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('RenrakuCam'))).toBe(false);
    // The original too.
    const key = (await childRow(f.child.id)).imageKey!;
    const original = await agent.get(t.app.ctx.files.url(key)!);
    expect((await sharp(original.rawPayload).metadata()).exif).toBeUndefined();
    const detail = (await call(await as(f.readOnly), getChild, { params: { id: f.child.id } })).data;
    expect(detail.image_url).toMatch(/^\/files\//);
  });

  it('permissions: 401 anonymous, 404 unrelated, 403 read-only, 200 writable and main', async () => {
    const f = await buildFamily(db());
    const input = await jpegWithGps();
    expect((await upload(anonymous(), f.child.id, input)).statusCode).toBe(401);
    expect((await upload(await as(f.unrelated), f.child.id, input)).statusCode).toBe(404);
    const ro = await upload(await as(f.readOnly), f.child.id, input);
    expect(ro.statusCode).toBe(403);
    expect((await childRow(f.child.id)).imageKey).toBeNull();
    expect((await upload(await as(f.main), f.child.id, input)).statusCode).toBe(200);
  });

  it('422 for an empty file, 20,000,000 bytes or more, a non-image, no file; nothing stored', async () => {
    const f = await buildFamily(db());
    const agent = await as(f.main);
    const empty = await upload(agent, f.child.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('空のファイルまたは20MB以上の画像はアップロードできません');
    const huge = await upload(agent, f.child.id, Buffer.alloc(20_000_000, 1));
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toBe(guardianMessages.imageTooLarge);
    const text = await upload(agent, f.child.id, Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe('画像ファイルを選択してください');
    const missing = await call(agent, postChildImage, {
      params: { childId: f.child.id },
      multipart: [{ name: 'content_name', value: 'x' }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('画像ファイルを選択してください');
    const json = await callRaw(agent, postChildImage, { params: { childId: f.child.id }, body: { upload_file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect((await childRow(f.child.id)).imageKey).toBeNull();
  });
});

describe('demo data', () => {
  it('seeds photos, functions, the pending invitation and a registration URL that works', async () => {
    const { seedDemo } = await import('../src/seed');
    const { DEMO_REGISTRATION } = await import('../src/seed/guardians');
    const ids = await seedDemo(db(), t.config);
    const main = await t.agent().login('hogosha@example.com', 'hoiku-demo-2026');
    const list = (await call(main, getChildren)).data;
    expect(list.map((c) => [c.first_name, c.pivot.activated])).toEqual([
      ['陽翔', true],
      ['結衣', true],
      ['', null],
    ]);
    // The pending invitation shows its kana first name only; the own children have their photos.
    expect(list[2]!.first_name_kana).toBe('そうた');
    expect(list.filter((c) => c.pivot.activated).every((c) => c.image_url)).toBe(true);
    expect((await main.get(list[0]!.image_url!)).statusCode).toBe(200);
    expect((await call(main, getAvailableFunctions)).json()).toEqual(['notice', 'schedule', 'body_measurement', 'event']);
    const recognition = (await call(main, getRecognition, { params: { id: ids.children.sota } })).data;
    expect(recognition.mainUser?.name).toBe('山田 太郎');
    const sub = await t.agent().login('sub@example.com', 'hoiku-demo-2026');
    const res = await call(sub, postChild, {
      body: {
        birth: DEMO_REGISTRATION.birth,
        type: 0,
        token: DEMO_REGISTRATION.token,
        company_id: ids.companies.sakura,
      },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('query budget', () => {
  it('the children list and a child detail cost the same number of queries whatever the number of children and guardians', async () => {
    const counts: number[] = [];
    for (const n of [1, 6]) {
      const user = await buildUser(db());
      for (let i = 0; i < n; i++) {
        const { child } = await buildChild(db());
        await linkGuardian(db(), child.id, user.id, { main: true });
        for (let g = 0; g < n; g++) await linkGuardian(db(), child.id, (await buildUser(db())).id);
      }
      const agent = await as(user);
      const list = (await call(agent, getChildren)).data;
      const before = t.database.queryCount();
      await call(agent, getChildren);
      const listQueries = t.database.queryCount() - before;
      const mid = t.database.queryCount();
      await call(agent, getChild, { params: { id: list[0]!.id } });
      counts.push(listQueries, t.database.queryCount() - mid);
    }
    // [list, detail] for 1 child × 1 guardian, then for 6 children × 7 guardians.
    expect(counts.slice(2)).toEqual(counts.slice(0, 2));
    // The list: one statement, the session lookup included (invitations are claimed at sign-in, not on every read).
    expect(counts[0]).toBe(1);
    console.log(`queries per call (incl. session): list ${counts[0]}, detail ${counts[1]}`);
  });
});
