import { eq, inArray } from 'drizzle-orm';
import { monthDayLabel, scheduleWindowMessages as M, yearMonthLabel } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { scheduleReminders, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import type { FacilityGrant, StaffViewer } from '../access';
import { recordAudit } from '../audit/service';
import { WindowRow, childStates } from './month';

/* Reminding the guardians who have not registered yet. */

export async function remindUnregistered(
  ctx: AppContext,
  staff: StaffViewer,
  grant: FacilityGrant,
  window: WindowRow,
  now: Date,
) {
  const today = staff.today;
  if (window.deadline < today) throw invalid('deadline', M.notOpen);
  const states = (await childStates(ctx.db, grant.facilityId, window, today)).filter((c) => c.state !== 'registered');
  const byGuardian = new Map<number, string[]>();
  for (const child of states)
    for (const g of child.guardians) byGuardian.set(g.id, [...(byGuardian.get(g.id) ?? []), child.name]);
  if (byGuardian.size === 0) return { message: M.noneToRemind, sent: 0, suppressed: 0, already: 0 };
  const month = window.firstDay.slice(0, 7);
  const appName = ctx.config.operator.app_name;
  const url = new URL('/schedules/children', ctx.config.appUrl).toString();
  return ctx.db.transaction(async (tx) => {
    const t: Db = tx;
    const inserted = await t
      .insert(scheduleReminders)
      .values(
        [...byGuardian.keys()].map((userId) => ({
          companyId: grant.companyId,
          windowId: window.id,
          userId,
          sentOn: today,
          sentBy: staff.userId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: scheduleReminders.id, userId: scheduleReminders.userId });
    const recipients = inserted.length
      ? await t
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              inserted.map((r) => r.userId),
            ),
          )
      : [];
    let sent = 0;
    for (const row of inserted) {
      const user = recipients.find((u) => u.id === row.userId)!;
      const names = byGuardian.get(row.userId)!.map((n) => `${n}さん`);
      const mailId = await enqueueMail(t, {
        to: user.email,
        userId: user.id,
        kind: 'schedule_reminder',
        subject: `【${appName}】${yearMonthLabel(month)}の登園予定の登録をお願いします`,
        text: [
          `${user.name ?? user.email} 様`,
          '',
          `${grant.facilityName}より、${yearMonthLabel(month)}の登園予定の登録のお願いです。`,
          `${names.join('、')}の予定に、まだ登録されていない日があります。`,
          `締切：${monthDayLabel(window.deadline)}`,
          '',
          '次のURLから登録してください。',
          url,
        ].join('\n'),
      });
      if (mailId !== null) {
        sent += 1;
        await t.update(scheduleReminders).set({ mailId }).where(eq(scheduleReminders.id, row.id));
      }
    }
    const suppressed = inserted.length - sent;
    const already = byGuardian.size - inserted.length;
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'schedule_window.remind',
      targetType: 'schedule_window',
      targetId: window.id,
      details: { sent, suppressed, already },
    });
    return { message: inserted.length === 0 ? M.remindedNone : M.reminded(sent), sent, suppressed, already };
  });
}
