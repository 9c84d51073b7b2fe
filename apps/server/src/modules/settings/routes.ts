import { sql } from 'drizzle-orm';
import {
  getConfigConst,
  getDevMailbox,
  getHealth,
  getNotificationSettings,
  postNotificationSettingsDisable,
  postNotificationSettingsEnable,
  putPushSettings,
  relationTypes,
} from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { devMailboxKey } from '../../config';
import { safeEqual } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
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
  route(app, putPushSettings, {}, async ({ user, body, now }) => service.setPushSettings(ctx, user.id, body, now));

  // The dev mailbox: embedded mode only (and test mode, so the e2e suite can read mails on PostgreSQL
  // too), never in production, and only to the key printed at start (mayReadMailbox).
  if (ctx.config.devMailbox) {
    route(app, getDevMailbox, { auth: false }, async ({ req }) => {
      if (!mayReadMailbox(ctx, req)) throw notFound();
      return (await listOutbox(ctx.db)).map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        kind: m.kind,
        status: m.status,
        created_at: m.createdAt.toISOString(),
      }));
    });
  }
}

/**
 * The outbox holds every password-reset link, so it opens to the key printed at start
 * (`X-Mailbox-Key`) only: a session of any account, in test mode or on a loopback-bound server, is
 * no proof of being the operator (issue 30; docs/decisions/platform-dev-mailbox.md). Anyone else
 * gets a 404.
 */
function mayReadMailbox(ctx: AppContext, req: FastifyRequest): boolean {
  const key = req.headers['x-mailbox-key'];
  return typeof key === 'string' && safeEqual(key, devMailboxKey(ctx.config));
}
