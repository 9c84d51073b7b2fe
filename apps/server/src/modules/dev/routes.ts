import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { desc, sql } from 'drizzle-orm';
import { mailOutbox, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

const userFixture = z.object({
  email: z.string().email(),
  password: z.string().min(1),
  agreed: z.boolean().default(true),
  name: z.string().min(1).default('E2E 保護者'),
});

/**
 * Test-mode only (never registered otherwise): fixtures for end-to-end tests, as eVaka's dev API.
 */
export function devRoutes(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  app.post('/api/dev/fixtures/users', async (req, reply) => {
    const input = userFixture.parse(req.body);
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

  // The newest mails to one address, so e2e tests can follow links as a guardian would.
  app.get<{ Querystring: { to?: string } }>('/api/dev/fixtures/mails', async (req) => {
    const to = String(req.query.to ?? '');
    return ctx.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
      .orderBy(desc(mailOutbox.id))
      .limit(20);
  });
}
