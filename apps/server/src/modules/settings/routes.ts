import { sql } from 'drizzle-orm';
import {
  getConfigConst,
  getDevMailbox,
  getHealth,
  getNotificationSettings,
  postNotificationSettingsDisable,
  postNotificationSettingsEnable,
  relationTypes,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { listOutbox } from '../../lib/mail';
import { route, type App } from '../../lib/route';
import * as service from './service';

export function settingsRoutes(app: App, ctx: AppContext) {
  route(app, getConfigConst, { auth: false }, async () => ({
    relation_types: Object.fromEntries(Object.entries(relationTypes).map(([k, v]) => [String(k), v])),
    head_office_address: ctx.config.operator.head_office_address,
    message_minimize_threshold_length: ctx.config.messageMinimizeThresholdLength,
    operator: ctx.config.operator,
  }));

  route(app, getHealth, { auth: false }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  route(app, getNotificationSettings, {}, async ({ user }) => service.getNotificationSettings(ctx, user.id));
  route(app, postNotificationSettingsEnable, {}, async ({ user, now }) => service.setEmailNotifications(ctx, user.id, true, now));
  route(app, postNotificationSettingsDisable, {}, async ({ user, now }) =>
    service.setEmailNotifications(ctx, user.id, false, now),
  );

  // The dev mailbox: embedded mode only (and test mode, so the e2e suite can read mails on PostgreSQL too).
  if (ctx.config.embedded || ctx.config.testClock) {
    route(app, getDevMailbox, { auth: false }, async () =>
      (await listOutbox(ctx.db)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        kind: m.kind,
        status: m.status,
        created_at: m.createdAt.toISOString(),
      })),
    );
  }
}
