import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { conflict, notFound } from '../../lib/errors';
import { asc, desc, sql } from 'drizzle-orm';
import { addDays, staffRoles } from '@renraku/contract';
import { facilities, mailOutbox, staffMemberships, staffPins, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../../db/client';
import { seedBillingFacility } from '../../seed/billing-facility';

const userFixture = z.object({
  email: z.string().email().max(255),
  password: z.string().min(1).max(200),
  agreed: z.boolean().default(true),
  name: z.string().min(1).max(100).default('E2E 保護者'),
});

const staffFixture = userFixture.extend({
  name: z.string().min(1).max(100).default('E2E 職員'),
  role: z.enum(staffRoles).default('director'),
  /** A 4-digit tablet PIN; none by default. */
  pin: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /**
   * At a new facility of the demo company with its own class, two paying families, fee rules and a
   * month and a half of the gate's times (seed/billing-facility.ts), for a test that closes a month.
   */
  billing_facility: z.boolean().default(false),
});

const mailsQuery = z.object({ to: z.string().max(255).default('') });

/** A fixture's address that an account already has: 409, as the sign-up would answer. */
async function refuseTakenEmail(ctx: AppContext, email: string) {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (taken) throw conflict('このメールアドレスはすでに登録されています');
}

/**
 * Test-mode only (never registered otherwise): fixtures for end-to-end tests, as eVaka's dev API.
 * Their input is checked by the route's zod schema like a contract call's (a 422, never a 500).
 */
export function devRoutes(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/dev/fixtures/users', { schema: { hide: true, body: userFixture } }, async (req, reply) => {
    const input = req.body;
    await refuseTakenEmail(ctx, input.email);
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        name: input.name,
        agreedAt: input.agreed ? req.now : null,
      })
      .returning({ id: users.id });
    return reply.status(201).send(user);
  });

  // A staff member of their own at the first facility (さくら保育園; a company admin: its company),
  // since a month ago, so that a test enrolling 2FA or setting a PIN leaves the demo staff as they are;
  // with `billing_facility`, at a new facility of that company built for closing months.
  api.post('/api/dev/fixtures/staff', { schema: { hide: true, body: staffFixture } }, async (req, reply) => {
    const input = req.body;
    await refuseTakenEmail(ctx, input.email);
    const passwordHash = await hashPassword(input.password);
    const answer = await ctx.db.transaction(async (tx) => {
      const db: Db = tx;
      const [first] = await db.select().from(facilities).orderBy(asc(facilities.id)).limit(1);
      if (!first) throw notFound('施設がありません');
      const [user] = await db
        .insert(users)
        .values({ email: input.email, passwordHash, name: input.name, agreedAt: req.now, emailVerifiedAt: req.now })
        .returning({ id: users.id });
      const facility = input.billing_facility
        ? await seedBillingFacility(db, {
            companyId: first.companyId,
            staffUserId: user!.id,
            today: req.today,
            now: req.now,
            secret: ctx.config.sessionSecret,
          })
        : first;
      await db.insert(staffMemberships).values({
        companyId: first.companyId,
        facilityId: input.role === 'company_admin' ? null : facility.id,
        userId: user!.id,
        role: input.role,
        validFrom: addDays(req.today, -30),
      });
      if (input.pin) await db.insert(staffPins).values({ userId: user!.id, pinHash: await hashPassword(input.pin) });
      return { id: user!.id, facility_id: facility.id, facility_name: facility.name };
    });
    return reply.status(201).send(answer);
  });

  // The newest mails to one address, so e2e tests can follow links as a guardian would.
  api.get('/api/dev/fixtures/mails', { schema: { hide: true, querystring: mailsQuery } }, async (req) => {
    const { to } = req.query;
    return ctx.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
      .orderBy(desc(mailOutbox.id))
      .limit(20);
  });
}
