import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { childRegistrationTokens } from '../../db/schema';
import { hmac, randomToken, safeEqual, sha256 } from '../../lib/crypto';
import type { StaffChildGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

export const CHILD_REGISTRATION_COOKIE = 'renraku_child_registration';

export const registrationSignature = (ctx: AppContext, value: string) =>
  hmac(ctx.config.sessionSecret, `child-registration:${value}`);

/**
 * The child-registration URL a visitor opened before signing in (A §2: they were sent to
 * /receptions), from the signed cookie; null without one or when it does not verify. Sign-in
 * sends the guardian back there (docs/decisions/children-registration.md).
 */
export function pendingRegistrationPath(ctx: AppContext, cookie: string | undefined): string | null {
  const match = cookie ? /^(\d+)\.(.+)\.([A-Za-z0-9_-]+)$/.exec(cookie) : null;
  if (!match) return null;
  const [, company, token, signature] = match as unknown as [string, string, string, string];
  if (!safeEqual(signature, registrationSignature(ctx, `${company}.${token}`))) return null;
  return `/children/register/${company}/${encodeURIComponent(token)}`;
}

/** How long a registration URL the facility issues stays valid. */
export const REGISTRATION_TTL_DAYS = 30;

/**
 * Issues the child's registration URL (staff.md §3): a new random token (the table keeps its
 * SHA-256, so the URL is shown only now), valid 30 days; a re-issue ends the child's earlier unused
 * tokens at once. Audited `child.registration.issue` in the same transaction.
 */
export async function issueRegistration(ctx: AppContext, staff: StaffViewer, granted: StaffChildGrant, now: Date) {
  const { child, grant, enrolment } = granted;
  const token = randomToken(24);
  const expiresAt = new Date(now.getTime() + REGISTRATION_TTL_DAYS * 86_400_000);
  await ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    await t
      .update(childRegistrationTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(childRegistrationTokens.childId, child.id),
          isNull(childRegistrationTokens.usedAt),
          gt(childRegistrationTokens.expiresAt, now),
        ),
      );
    const [row] = await t
      .insert(childRegistrationTokens)
      .values({ companyId: child.companyId, childId: child.id, tokenHash: sha256(token), expiresAt })
      .returning({ id: childRegistrationTokens.id });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: enrolment.facilityId,
      action: 'child.registration.issue',
      targetType: 'child_registration_token',
      targetId: row!.id,
      childId: child.id,
      details: { expires_at: expiresAt.toISOString() },
    });
  });
  const base = ctx.config.appUrl.replace(/\/+$/, '');
  return { url: `${base}/children/register/${child.companyId}/${token}`, expires_at: expiresAt.toISOString() };
}
