import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { childRegistrationTokens, childUser, children, facilities, noteChildren, users } from '../../db/schema';
import { addDays } from '@renraku/contract';
import { randomToken, sha256 } from '../../lib/crypto';
import type { App } from '../../lib/route';

const childFixture = z.object({
  /** The guardian linked as main; none: an unlinked child (for registration). */
  mainEmail: z.string().email().optional(),
  firstName: z.string().default('E2E'),
  firstNameKana: z.string().default('いーつーいー'),
  /** Default: ten days ago. */
  admittedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * Test mode only: a child of its own per e2e test, so the demo family stays as the other areas'
 * tests expect it. Answers the child and a fresh registration URL for it.
 */
export function childrenDevFixtures(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  app.post('/api/dev/fixtures/children', async (req, reply) => {
    const input = childFixture.parse(req.body);
    const [facility] = await ctx.db.select().from(facilities).orderBy(asc(facilities.id)).limit(1);
    const birth = '2022-06-15';
    const [child] = await ctx.db
      .insert(children)
      .values({
        companyId: facility!.companyId,
        lastName: '試験',
        firstName: input.firstName,
        lastNameKana: 'しけん',
        firstNameKana: input.firstNameKana,
        birth,
        qrToken: randomToken(24),
      })
      .returning();
    await ctx.db.insert(noteChildren).values({
      companyId: facility!.companyId,
      childId: child!.id,
      facilityId: facility!.id,
      admittedOn: input.admittedOn ?? addDays(req.today, -10),
    });
    if (input.mainEmail) {
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.mainEmail})`);
      await ctx.db.insert(childUser).values({
        childId: child!.id,
        userId: user!.id,
        companyId: child!.companyId,
        main: true,
        writable: true,
        activated: true,
        sortOrder: 50,
      });
    }
    const token = randomToken(12);
    await ctx.db.insert(childRegistrationTokens).values({
      companyId: child!.companyId,
      childId: child!.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return reply.status(201).send({ child_id: child!.id, company_id: child!.companyId, token, birth });
  });
}
