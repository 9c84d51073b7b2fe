import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { billingMessages as M, postStaffBillingMonthClose, putStaffBillingSettings, yenLabel } from '@renraku/contract';
import {
  billingStatements,
  mailOutbox,
  notificationSettings,
  pushOutbox,
  pushSettings,
  pushTokens,
  users,
} from '../src/db/schema';
import { deliverPendingMails } from '../src/lib/mail';
import { billingSettingsBody, setPayer } from './billing-world';
import { buildChild, buildUser, linkGuardian } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';
import { expectMatrix } from './staff-persona-matrix';

/**
 * spec/billing.md §3 "a push or mail tells them it is issued" (docs/decisions/billing-issue-mail.md):
 * at 確定 each payer hears of their statement once, by push where they have a device and お知らせ on,
 * else by one mail to their account's verified address (their mail switch applies) that names no
 * amount and no child.
 */
const db = () => t.db;
const clock = { 'x-test-now': '2026-11-20T03:00:00.000Z' };
const { t, w, as } = setupStaffWorld(clock);

type Payer = Awaited<ReturnType<typeof buildUser>>;
/** mailed: no device; pushed: a phone with お知らせ on; switchedOff: a phone, お知らせ off; quiet: mails off; unverified. */
let payers: Record<'mailed' | 'pushed' | 'switchedOff' | 'quiet' | 'unverified', Payer>;
const childNames: string[] = [];

const close = (agent: Agent, month = '2026-10') =>
  callRaw(agent, postStaffBillingMonthClose, { params: { facilityId: w.facilityId, month } });
const mailsOf = (kind = 'billing_statement') => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));

beforeAll(async () => {
  await call(as.office, putStaffBillingSettings, { params: { facilityId: w.facilityId }, body: billingSettingsBody });
  const verifiedAt = new Date('2026-04-01T00:00:00Z');
  payers = {
    mailed: w.family.main,
    pushed: await buildUser(db(), { emailVerifiedAt: verifiedAt }),
    switchedOff: await buildUser(db(), { emailVerifiedAt: verifiedAt }),
    quiet: await buildUser(db(), { emailVerifiedAt: verifiedAt }),
    unverified: await buildUser(db()),
  };
  await db().update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, w.family.main.id));
  for (const [name, payer] of Object.entries(payers)) {
    const childId =
      name === 'mailed'
        ? w.family.child.id
        : (await buildChild(db(), { facilityId: w.facilityId, firstName: `子${name}` })).child.id;
    if (name !== 'mailed') await linkGuardian(db(), childId, payer.id, { main: true });
    const res = await setPayer(as.office, w.facilityId, childId, payer.id);
    childNames.push(res.data.name);
  }
  await db()
    .insert(pushTokens)
    .values([
      { userId: payers.pushed.id, token: `fcm-${payers.pushed.id}` },
      { userId: payers.switchedOff.id, token: `fcm-${payers.switchedOff.id}` },
    ]);
  await db().insert(pushSettings).values({ userId: payers.switchedOff.id, notice: false });
  await db().insert(notificationSettings).values({ userId: payers.quiet.id, emailDisabled: true });
}, 120_000);

describe('確定 tells each payer once: a push, else a mail without the amount', () => {
  it('a refused closing (保育士, another facility, an ended membership, a guardian, anonymous) mails nobody', async () => {
    await expectMatrix(
      as,
      {
        companyAdmin: 422,
        director: 422,
        office: 422,
        classStaffA: 403,
        classStaffB: 403,
        otherFacility: 404,
        ended: 401,
        guardian: 401,
        anonymous: 401,
      },
      // A month in the future: refused by every role that may close, by the kernel for the rest.
      (agent) => close(agent, '2026-12'),
    );
    expect(await mailsOf()).toEqual([]);
    expect(await db().select().from(billingStatements)).toEqual([]);
  });

  it('three staff closing at once: one statement and one notice per payer, by push or by mail', async () => {
    const answers = await Promise.all([close(as.office), close(as.director), close(as.companyAdmin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const issued = await db().select().from(billingStatements).where(eq(billingStatements.facilityId, w.facilityId));
    expect(issued).toHaveLength(5);
    const statementOf = (p: Payer) => issued.find((s) => s.payerUserId === p.id)!;

    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'billing_statement'));
    expect(pushes.map((p) => [p.userId, p.link])).toEqual([[payers.pushed.id, `/billing/${statementOf(payers.pushed).id}`]]);

    const mails = await mailsOf();
    expect(mails.map((m) => [m.to, m.userId, m.dedupeKey]).sort()).toEqual(
      [payers.mailed, payers.switchedOff].map((p) => [p.email, p.id, String(statementOf(p).id)]).sort(),
    );
    const mail = mails.find((m) => m.userId === payers.mailed.id)!;
    const statement = statementOf(payers.mailed);
    expect(mail.subject).toBe('【れんらくノート】2026年10月分の請求書が発行されました');
    expect(mail.text).toContain(`${w.family.main.name ?? w.family.main.email} 様`);
    expect(mail.text).toContain('2026年10月分の請求書が発行されました。');
    expect(mail.text).toContain('金額と明細は、アプリの「請求」でご確認ください。');
    expect(mail.text).toContain(`お支払い期日：${statement.dueDate.replaceAll('-', '/')}`);
    expect(mail.text).toMatch(new RegExp(`^https?://[^\\s]+/billing/${statement.id}$`, 'm'));
    // No amount and no child: the address is the account's, not one the facility checked for billing.
    for (const m of mails) {
      expect(m.text).not.toMatch(/[\d,]+円/);
      expect(m.subject + m.text).not.toContain(yenLabel(issued.find((s) => String(s.id) === m.dedupeKey)!.total));
      for (const name of childNames) expect(m.text).not.toContain(name);
    }
  });

  it('closing again is a 409 that writes no second mail or push; the outbox delivers each mail once', async () => {
    const again = await close(as.office);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.closed);
    expect(await mailsOf()).toHaveLength(2);
    expect(await db().select().from(pushOutbox).where(eq(pushOutbox.kind, 'billing_statement'))).toHaveLength(1);

    const sent: { to: string; subject: string }[] = [];
    const sender = { send: async (m: { to: string; subject: string }) => void sent.push({ to: m.to, subject: m.subject }) };
    await deliverPendingMails(db(), sender, 'noreply@example.com');
    await deliverPendingMails(db(), sender, 'noreply@example.com');
    const ours = sent.filter((m) => m.subject.endsWith('請求書が発行されました'));
    expect(ours.map((m) => m.to).sort()).toEqual([payers.mailed.email, payers.switchedOff.email].sort());
  });

  it('the next month: a payer who switched mails off, or whose address is unverified, hears nothing by mail', async () => {
    const res = await close(as.director, '2026-11');
    expect(res.statusCode).toBe(200);
    const november = await db()
      .select({ id: billingStatements.id })
      .from(billingStatements)
      .where(and(eq(billingStatements.facilityId, w.facilityId), eq(billingStatements.month, '2026-11-01')));
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'billing_statement'),
          inArray(
            mailOutbox.dedupeKey,
            november.map((s) => String(s.id)),
          ),
        ),
      );
    expect(mails.map((m) => m.userId).sort()).toEqual([payers.mailed.id, payers.switchedOff.id].sort());
    expect(mails.every((m) => m.subject === '【れんらくノート】2026年11月分の請求書が発行されました')).toBe(true);
  });
});
