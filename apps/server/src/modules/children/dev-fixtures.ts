import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { childRegistrationTokens, childUser, children, facilities, noteChildren, noticeTargets, users } from '../../db/schema';
import { addDays, dateString } from '@renraku/contract';
import { notFound } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import type { App } from '../../lib/route';

const childFixture = z.object({
  /** The guardian linked as main; none: an unlinked child (for registration). */
  mainEmail: z.string().email().max(255).optional(),
  firstName: z.string().min(1).max(30).default('E2E'),
  firstNameKana: z.string().min(1).max(30).default('いーつーいー'),
  /** Default: ten days ago. */
  admittedOn: dateString.optional(),
  /**
   * A demo child's first name (陽翔, 結衣): the new child joins its facility and class and gets
   * the notices addressed to it, read as the demo child's are, none answered; so a test can read,
   * answer or subscribe as the demo family would without changing what the demo family shows.
   */
  twinOf: z.string().max(30).optional(),
});

/**
 * Test mode only: a child of its own per e2e test, so the demo family stays as the other areas'
 * tests expect it. Answers the child and a fresh registration URL for it.
 */
export function childrenDevFixtures(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/dev/fixtures/children', { schema: { hide: true, body: childFixture } }, async (req, reply) => {
      const input = req.body;
      const [guardian] = input.mainEmail
        ? await ctx.db
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = lower(${input.mainEmail})`)
        : [];
      if (input.mainEmail && !guardian) throw notFound(`no user ${input.mainEmail}`);
      const [twin] = input.twinOf
        ? await ctx.db
            .select({ noteChild: noteChildren, sex: children.sex })
            .from(children)
            .innerJoin(noteChildren, eq(noteChildren.childId, children.id))
            .where(eq(children.firstName, input.twinOf))
            .orderBy(asc(children.id))
            .limit(1)
        : [];
      if (input.twinOf && !twin) return reply.status(404).send({ message: `no demo child ${input.twinOf}` });
      const [facility] = twin
        ? await ctx.db.select().from(facilities).where(eq(facilities.id, twin.noteChild.facilityId))
        : await ctx.db.select().from(facilities).orderBy(asc(facilities.id)).limit(1);
      const birth = '2022-06-15';
      const [child] = await ctx.db
        .insert(children)
        .values({
          companyId: facility!.companyId,
          sex: twin?.sex ?? 1,
          lastName: '試験',
          firstName: input.firstName,
          lastNameKana: 'しけん',
          firstNameKana: input.firstNameKana,
          birth,
          qrToken: randomToken(24),
        })
        .returning();
      const [noteChild] = await ctx.db
        .insert(noteChildren)
        .values({
          companyId: facility!.companyId,
          childId: child!.id,
          facilityId: facility!.id,
          classId: twin?.noteChild.classId ?? null,
          admittedOn: input.admittedOn ?? addDays(req.today, -10),
        })
        .returning({ id: noteChildren.id });
      if (twin) {
        await ctx.db.execute(sql`
        insert into ${noticeTargets} (company_id, notice_id, note_child_id, released_at, facility_id, read_at)
        select company_id, notice_id, ${noteChild!.id}, released_at, facility_id, read_at
        from ${noticeTargets}
        where ${noticeTargets.noteChildId} = ${twin.noteChild.id}`);
      }
      if (guardian) {
        await ctx.db.insert(childUser).values({
          childId: child!.id,
          userId: guardian.id,
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
        expiresAt: new Date(req.now.getTime() + 86_400_000),
      });
      return reply.status(201).send({ child_id: child!.id, company_id: child!.companyId, token, birth });
    });
}
