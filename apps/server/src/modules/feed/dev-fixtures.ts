import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, fiscalYearOf } from '@renraku/contract';
import type { AppContext } from '../../context';
import {
  childUser,
  children,
  classes,
  facilities,
  noteChildren,
  staffMembershipClasses,
  staffMemberships,
  users,
} from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import type { App } from '../../lib/route';

const classFixture = z.object({
  name: z.string().min(1),
  size: z.number().int().min(1).max(40),
  /** A staff fixture's address (its membership at the first facility): becomes class staff of the class. */
  staffEmail: z.string().email().optional(),
  /** A guardian's address: linked as main guardian of the class's first child. */
  mainEmail: z.string().email().optional(),
  /** Another guardian's address: linked as main guardian of the class's second child (another family). */
  secondEmail: z.string().email().optional(),
  /** The children's birth day (default 2023-05-01) and the class's 歳児 (default 2): a final-year class for the 要録's e2e. */
  birth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  ageBand: z.number().int().min(0).max(5).optional(),
});

const KANA = [
  'あ',
  'い',
  'う',
  'え',
  'お',
  'か',
  'き',
  'く',
  'け',
  'こ',
  'さ',
  'し',
  'す',
  'せ',
  'そ',
  'た',
  'ち',
  'つ',
  'て',
  'と',
];

/**
 * Test mode only: a class of its own at the first facility (さくら保育園) with `size` children
 * enrolled since last month, for the entry grid's e2e (a class of 20), so the demo classes stay
 * as the other tests expect them.
 */
export function feedDevFixtures(app: App, ctx: AppContext) {
  if (!ctx.config.testClock) return;
  app.post('/api/dev/fixtures/classes', async (req, reply) => {
    const input = classFixture.parse(req.body);
    const [facility] = await ctx.db.select().from(facilities).orderBy(asc(facilities.id)).limit(1);
    const [klass] = await ctx.db
      .insert(classes)
      .values({
        companyId: facility!.companyId,
        facilityId: facility!.id,
        name: input.name,
        fiscalYear: fiscalYearOf(req.today),
        ageBand: input.ageBand ?? 2,
      })
      .returning();
    const made = await ctx.db
      .insert(children)
      .values(
        Array.from({ length: input.size }, (_, i) => ({
          companyId: facility!.companyId,
          sex: 1 + (i % 2),
          lastName: '試験',
          firstName: `${input.name}${i + 1}`,
          lastNameKana: 'しけん',
          firstNameKana: `${KANA[i % KANA.length]}${String(i + 1).padStart(2, '0')}`,
          birth: input.birth ?? '2023-05-01',
          qrToken: randomToken(24),
        })),
      )
      .returning({ id: children.id, firstName: children.firstName });
    await ctx.db.insert(noteChildren).values(
      made.map((child) => ({
        companyId: facility!.companyId,
        childId: child.id,
        facilityId: facility!.id,
        classId: klass!.id,
        admittedOn: addDays(req.today, -40),
      })),
    );
    if (input.staffEmail) {
      const [membership] = await ctx.db
        .select({ id: staffMemberships.id })
        .from(staffMemberships)
        .innerJoin(users, eq(users.id, staffMemberships.userId))
        .where(and(sql`lower(${users.email}) = lower(${input.staffEmail})`, eq(staffMemberships.facilityId, facility!.id)));
      if (!membership) return reply.status(404).send({ message: `no staff ${input.staffEmail}` });
      await ctx.db.insert(staffMembershipClasses).values({ membershipId: membership.id, classId: klass!.id });
    }
    for (const [email, child] of [
      [input.mainEmail, made[0]],
      [input.secondEmail, made[1]],
    ] as const) {
      if (!email || !child) continue;
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (!user) return reply.status(404).send({ message: `no user ${email}` });
      await ctx.db.insert(childUser).values({
        childId: child.id,
        userId: user.id,
        companyId: facility!.companyId,
        main: true,
        writable: true,
        activated: true,
      });
    }
    return reply.status(201).send({
      class_id: klass!.id,
      facility_id: facility!.id,
      children: made.map((c) => ({ id: c.id, name: `試験 ${c.firstName}` })),
    });
  });
}
