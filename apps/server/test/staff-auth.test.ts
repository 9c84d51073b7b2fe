import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import * as contract from '@renraku/contract';
import {
  getChildren,
  getStaffAudit,
  getStaffChild,
  getStaffMe,
  messages,
  postStaffLogin,
  postStaffLoginTotp,
  postStaffLogout,
  postStaffTotpEnable,
  postStaffTotpSetup,
  putStaffPin,
  staffAuditCsvPath,
  staffMessages,
  type Call,
} from '@renraku/contract';
import { auditLog, noteChildren, staffPins, staffSessions, staffTotp } from '../src/db/schema';
import { buildStaff, buildStaffWorld, buildUser, TEST_PASSWORD } from './factories';
import { call, callRaw, setupApp, staffAgents, urlOf, type Agent } from './harness';

const t = setupApp();
const db = () => t.db;
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;

/** Every staff call of the contract (the CSV export is a plain GET beside them). */
const staffCalls = (Object.values(contract) as unknown[])
  .filter((value): value is Call => typeof value === 'object' && value !== null && 'path' in value && 'method' in value)
  .filter((c) => c.path.startsWith('/api/staff/'));
/** Sign-in, sign-out and pairing are for visitors by nature (a code or a password is their credential). */
const openCalls = new Set(['/api/staff/login', '/api/staff/logout', '/api/staff/device/pair']);
const fill = (path: string) => path.replace(/\{\w+\}/g, '1');

describe('staff sign-in', () => {
  it('signs in a current member with a staff session of its own, scoped to /api/staff', async () => {
    const { user } = await buildStaff(db(), { role: 'director' });
    const agent = t.agent();
    const res = await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.data.stage).toBe('ok');
    const cookie = res.cookies.find((c) => c.name === 'renraku_staff_session');
    expect(cookie).toMatchObject({ path: '/api/staff', httpOnly: true, sameSite: 'Strict' });
    expect(res.cookies.find((c) => c.name === 'renraku_session')).toBeUndefined();
    const me = await call(agent, getStaffMe);
    expect(me.data).toMatchObject({ user: { id: user.id }, stage: 'ok', totp_enabled: false, pin_set: false, device: null });
    expect(me.data.facilities).toHaveLength(1);
    // The staff session is no guardian session.
    expect((await call(agent, getChildren)).statusCode).toBe(401);
  });

  it('refuses an ID without a current membership (never, ended, not begun) and a wrong password', async () => {
    const guardian = await buildUser(db());
    const ended = await buildStaff(db(), { validUntil: '2025-03-31' });
    const future = await buildStaff(db(), { validFrom: '2099-04-01' });
    for (const user of [guardian, ended.user, future.user]) {
      const res = await call(t.agent(), postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(staffMessages.notStaff);
      expect(res.cookies.find((c) => c.name === 'renraku_staff_session')).toBeUndefined();
    }
    const wrong = await call(t.agent(), postStaffLogin, { body: { email: ended.user.email, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(messages.loginFailed);
  });

  it('answers 422 in Japanese for bad input, and rotates the session id at each sign-in', async () => {
    const bad = await callRaw(t.agent(), postStaffLogin, { body: { email: 'not-an-email', password: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['メールアドレスの形式が正しくありません']);
    const { user } = await buildStaff(db());
    const agent = await t.signInStaff(user);
    const first = agent.cookie('renraku_staff_session');
    await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } });
    expect(agent.cookie('renraku_staff_session')).not.toBe(first);
    const sessions = await db().select().from(staffSessions).where(eq(staffSessions.userId, user.id));
    expect(sessions).toHaveLength(1);
    expect((await call(agent, postStaffLogout)).statusCode).toBe(200);
    expect((await call(agent, getStaffMe)).statusCode).toBe(401);
  });
});

describe('who may call /api/staff/', () => {
  it('a guardian session gets 401 from every staff call; so does a visitor', async () => {
    const guardian = await buildUser(db());
    const agents = [await t.signIn(guardian), t.agent()];
    expect(staffCalls.length).toBeGreaterThan(15);
    for (const agent of agents) {
      for (const c of staffCalls.filter((c) => !openCalls.has(c.path))) {
        const res = await agent.request(c.method, fill(c.path), c.method === 'GET' ? undefined : {});
        expect([401], `${c.method} ${c.path}`).toContain(res.statusCode);
      }
      const csv = await agent.get(fill(staffAuditCsvPath));
      expect(csv.statusCode).toBe(401);
    }
  });

  it('an ended membership grants nothing: a session opened while it was current is refused (401)', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const me = await call(agents.ended, getStaffMe);
    expect(me.statusCode).toBe(401);
    const audit = await call(agents.ended, getStaffAudit, { params: { facilityId: world.facilityId } });
    expect(audit.statusCode).toBe(401);
  });
});

describe('a child who moved to another facility', () => {
  it('belongs to the new facility: the former facility’s staff get 404, the new one’s 200', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const params = { childId: world.family.child.id };
    expect((await call(agents.director, getStaffChild, { params })).statusCode).toBe(200);
    await db().update(noteChildren).set({ leftOn: '2026-03-31' }).where(eq(noteChildren.id, world.family.noteChild.id));
    await db().insert(noteChildren).values({
      companyId: world.otherFacility.companyId,
      childId: world.family.child.id,
      facilityId: world.otherFacility.facilityId,
      admittedOn: '2026-04-01',
    });
    expect((await call(agents.director, getStaffChild, { params })).statusCode).toBe(404);
    expect((await call(agents.otherFacility, getStaffChild, { params })).statusCode).toBe(200);
  });
});

describe('two-factor sign-in (TOTP)', () => {
  const NOW = '2026-11-24T00:00:00.000Z';
  const at = (offsetSec: number) => ({ 'x-test-now': new Date(Date.parse(NOW) + offsetSec * 1000).toISOString() });
  const codeAt = (secret: string, offsetSec: number) =>
    generateSync({ secret, epoch: Math.floor(Date.parse(NOW) / 1000) + offsetSec });

  async function enrol(agent: Agent) {
    const setup = await call(agent, postStaffTotpSetup, { headers: at(0) });
    expect(setup.statusCode).toBe(200);
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\//);
    const wrong = await call(agent, postStaffTotpEnable, { body: { code: '000000' }, headers: at(0) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(staffMessages.totpInvalid);
    const enabled = await call(agent, postStaffTotpEnable, { body: { code: codeAt(setup.data.secret, 0) }, headers: at(0) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.data.recovery_codes).toHaveLength(10);
    return { secret: setup.data.secret, recovery: enabled.data.recovery_codes };
  }

  it('enrols, then asks for the code at sign-in; a code is accepted once; a recovery code works once', async () => {
    const { user } = await buildStaff(db());
    const desk = await t.signInStaff(user);
    const { secret, recovery } = await enrol(desk);
    const stored = await db().select().from(staffTotp).where(eq(staffTotp.userId, user.id));
    expect(stored[0]!.secret).not.toContain(secret);
    expect(stored[0]!.recoveryCodes).not.toContain(recovery[0]);

    const agent = t.agent();
    const login = await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD }, headers: at(60) });
    expect(login.data.stage).toBe('totp');
    expect((await call(agent, getStaffMe, { headers: at(60) })).data).toMatchObject({ stage: 'totp', facilities: [] });
    const blocked = await call(agent, putStaffPin, { body: { pin: '1234' }, headers: at(60) });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().message).toBe(staffMessages.totpPending);
    // The code of enrolment's time step was used: it does not open a session again.
    expect((await call(agent, postStaffLoginTotp, { body: { code: codeAt(secret, 0) }, headers: at(10) })).statusCode).toBe(422);
    const ok = await call(agent, postStaffLoginTotp, { body: { code: codeAt(secret, 60) }, headers: at(60) });
    expect(ok.data.stage).toBe('ok');
    expect((await call(agent, getStaffMe, { headers: at(61) })).data.stage).toBe('ok');

    const other = t.agent();
    await call(other, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD }, headers: at(65) });
    expect((await call(other, postStaffLoginTotp, { body: { code: codeAt(secret, 60) }, headers: at(65) })).statusCode).toBe(422);
    expect((await call(other, postStaffLoginTotp, { body: { code: recovery[0]! }, headers: at(65) })).data.stage).toBe('ok');
    const again = t.agent();
    await call(again, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD }, headers: at(70) });
    expect((await call(again, postStaffLoginTotp, { body: { code: recovery[0]! }, headers: at(70) })).statusCode).toBe(422);
  });

  it('locks the second factor after 5 wrong codes (429), and refuses malformed codes with 422', async () => {
    const { user } = await buildStaff(db());
    const { secret } = await enrol(await t.signInStaff(user));
    const agent = t.agent();
    await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD }, headers: at(120) });
    const malformed = await callRaw(agent, postStaffLoginTotp, { body: { code: '12ab' }, headers: at(120) });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().message).toMatch(/確認コード/);
    for (let i = 0; i < 5; i++) {
      expect((await call(agent, postStaffLoginTotp, { body: { code: '000000' }, headers: at(120) })).statusCode).toBe(422);
    }
    const locked = await call(agent, postStaffLoginTotp, { body: { code: codeAt(secret, 120) }, headers: at(120) });
    expect(locked.statusCode).toBe(429);
  });
});

describe('two-factor sign-in required (production setting)', () => {
  it('a member without 2FA must enrol before anything else', async () => {
    t.app.ctx.config.staffRequire2fa = true;
    try {
      const { user } = await buildStaff(db());
      const agent = t.agent();
      const login = await call(agent, postStaffLogin, { body: { email: user.email, password: TEST_PASSWORD } });
      expect(login.data.stage).toBe('totp_setup');
      const blocked = await call(agent, putStaffPin, { body: { pin: '1234' } });
      expect(blocked.statusCode).toBe(401);
      expect(blocked.json().message).toBe(staffMessages.totpRequired);
      const setup = await call(agent, postStaffTotpSetup);
      const code = generateSync({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) });
      expect((await call(agent, postStaffTotpEnable, { body: { code } })).statusCode).toBe(200);
      expect((await call(agent, getStaffMe)).data.stage).toBe('ok');
    } finally {
      t.app.ctx.config.staffRequire2fa = false;
    }
  });
});

describe('PUT /api/staff/me/pin', () => {
  it('sets a hashed 4-digit PIN, audited; bad input is refused and writes nothing', async () => {
    const { user, facilityId } = await buildStaff(db(), { role: 'class_staff' });
    const agent = await t.signInStaff(user);
    const before = await auditCount();
    for (const pin of ['123', '12345', 'abcd', '']) {
      const res = await callRaw(agent, putStaffPin, { body: { pin } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(staffMessages.pinFormat);
    }
    expect(await auditCount()).toBe(before);
    expect(await db().select().from(staffPins).where(eq(staffPins.userId, user.id))).toEqual([]);
    expect((await call(agent, putStaffPin, { body: { pin: '4321' } })).statusCode).toBe(200);
    const [pin] = await db().select().from(staffPins).where(eq(staffPins.userId, user.id));
    expect(pin!.pinHash).not.toContain('4321');
    const entries = await db().select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries).toMatchObject([{ action: 'staff.pin.set', facilityId, targetId: user.id }]);
    expect((await call(agent, getStaffMe)).data.pin_set).toBe(true);
  });
});

describe('the audit log', () => {
  it('only directors and company admins read it; others 403, other facilities 404, ended and guardians 401', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    const params = { facilityId: world.facilityId };
    const expected = {
      companyAdmin: 200,
      director: 200,
      office: 403,
      classStaffA: 403,
      classStaffB: 403,
      otherFacility: 404,
      ended: 401,
      guardian: 401,
      anonymous: 401,
    } as const;
    for (const [persona, status] of Object.entries(expected)) {
      const res = await call(agents[persona as keyof typeof expected], getStaffAudit, { params });
      expect(res.statusCode, persona).toBe(status);
      const csv = await agents[persona as keyof typeof expected].get(urlOf({ path: staffAuditCsvPath }, params));
      expect(csv.statusCode, `${persona} csv`).toBe(status);
    }
  });

  it('filters by person and day, pages, and exports CSV with a BOM', async () => {
    const world = await buildStaffWorld(db());
    const agents = await staffAgents(t, world);
    await call(agents.classStaffA, putStaffPin, { body: { pin: '1111' } });
    await call(agents.office, putStaffPin, { body: { pin: '2222' } });
    const params = { facilityId: world.facilityId };
    const all = await call(agents.director, getStaffAudit, { params });
    expect(all.data.total).toBe(2);
    expect(all.data.data[0]).toMatchObject({
      action: 'staff.pin.set',
      action_label: 'PINの設定',
      user: { id: world.staff.office.user.id },
    });
    const byPerson = await call(agents.director, getStaffAudit, { params, query: { user_id: world.staff.classStaffA.user.id } });
    expect(byPerson.data.data.map((e) => e.user?.id)).toEqual([world.staff.classStaffA.user.id]);
    const otherDay = await call(agents.director, getStaffAudit, { params, query: { date: '2020-01-01' } });
    expect(otherDay.data.total).toBe(0);
    const bad = await callRaw(agents.director, getStaffAudit, { params, query: { date: 'yesterday', page: 0 } });
    expect(bad.statusCode).toBe(422);
    const csv = await agents.director.get(urlOf({ path: staffAuditCsvPath }, params));
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFF"日時","職員"')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  // On PostgreSQL the app's role is refused by its rights before the trigger (database-roles.test.ts
  // tries the owner); on PGlite, one role, the trigger refuses.
  it('is append-only for the app’s database role: UPDATE, DELETE and TRUNCATE fail', async () => {
    const { user } = await buildStaff(db());
    await call(await t.signInStaff(user), putStaffPin, { body: { pin: '1234' } });
    const before = await auditCount();
    expect(before).toBeGreaterThan(0);
    const refusal = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => 'written',
          (error: Error & { cause?: Error }) => (error.cause ?? error).message,
        );
    const refused = /^(audit_log is append-only|permission denied for table audit_log)$/;
    expect(await refusal(sql`update audit_log set action = 'x'`)).toMatch(refused);
    expect(await refusal(sql`delete from audit_log`)).toMatch(refused);
    expect(await refusal(sql`truncate audit_log`)).toMatch(refused);
    expect(await auditCount()).toBe(before);
  });
});
