import { yearMonthLabel, yenLabel } from '@renraku/contract';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { enqueueMails } from '../../lib/mail';
import { enqueueGuardianPushesFor } from '../../lib/push';
import type { FacilityGrant } from '../access';

/** What the mail names besides the statement: the app's name and the guardian app's address. */
export interface IssueMailConfig {
  appName: string;
  appUrl: string;
}

export interface IssuedStatement {
  id: number;
  payerUserId: number;
  total: number;
  dueDate: string;
}

/** The mail's kind in the outbox: a notification (the guardian's mail switch applies), keyed by statement. */
export const STATEMENT_MAIL_KIND = 'billing_statement';

const slashed = (date: string) => date.replaceAll('-', '/');

/**
 * Tells each payer that their statement is issued (spec §3 "a push or mail"), in the 確定's
 * transaction: a push where they have a device and their お知らせ switch on (billing-issue-push.md),
 * else one mail to their account's verified address, their mail switch applying, without the amount
 * or the children (billing-issue-mail.md). Both are keyed by the statement: written once.
 */
export async function announceStatements(
  t: Db,
  mail: IssueMailConfig,
  grant: FacilityGrant,
  month: string,
  issued: IssuedStatement[],
): Promise<void> {
  const title = `${yearMonthLabel(month)}分の請求書が発行されました`;
  const pushed = await enqueueGuardianPushesFor(
    t,
    'notice',
    issued.map((s) => ({
      userIds: [s.payerUserId],
      title,
      body: `${grant.facilityName}：${yenLabel(s.total)}（お支払い期日 ${slashed(s.dueDate)}）`,
      link: `/billing/${s.id}`,
      dedupeKey: `billing_statement:${s.id}`,
    })),
    'billing_statement',
  );
  const heard = new Set(pushed.map((p) => p.item));
  const unheard = issued.filter((_, i) => !heard.has(i));
  if (unheard.length === 0) return;
  const payers = await t
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...new Set(unheard.map((s) => s.payerUserId))]), isNotNull(users.emailVerifiedAt)));
  const payerOf = new Map(payers.map((p) => [p.id, p]));
  await enqueueMails(
    t,
    unheard.flatMap((s) => {
      const payer = payerOf.get(s.payerUserId);
      if (!payer) return [];
      return [
        {
          to: payer.email,
          userId: payer.id,
          kind: STATEMENT_MAIL_KIND,
          dedupeKey: String(s.id),
          subject: `【${mail.appName}】${title}`,
          text: [
            `${payer.name ?? payer.email} 様`,
            '',
            `${grant.facilityName}より、${title}。`,
            '金額と明細は、アプリの「請求」でご確認ください。',
            `お支払い期日：${slashed(s.dueDate)}`,
            '',
            new URL(`/billing/${s.id}`, mail.appUrl).toString(),
          ].join('\n'),
        },
      ];
    }),
  );
}
