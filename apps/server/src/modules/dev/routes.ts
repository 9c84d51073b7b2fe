import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../lib/route';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

const userFixture = z.object({ email: z.string().email(), password: z.string().min(1), agreed: z.boolean().default(true) });

/**
 * Test-mode only (never registered otherwise): fixtures for end-to-end tests, as eVaka's dev API.
 */
export function devRoutes(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  app.post('/api/dev/fixtures/users', async (req, reply) => {
    const input = userFixture.parse(req.body);
    const [user] = await ctx.db
      .insert(users)
      .values({ email: input.email, passwordHash: await hashPassword(input.password), name: 'E2E 保護者', agreedAt: input.agreed ? new Date() : null })
      .returning({ id: users.id });
    return reply.status(201).send(user);
  });
}
