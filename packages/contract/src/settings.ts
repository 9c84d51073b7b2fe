import { z } from 'zod';
import { defineCall } from './common';
import { operatorSchema } from './operator';

export const getConfigConst = defineCall({
  method: 'GET',
  path: '/api/config/const',
  summary: 'Constants the web app loads at start',
  response: z.object({
    relation_types: z.record(z.string(), z.string()),
    head_office_address: z.string(),
    /** Notice and note texts longer than this are folded (F §3 Settings). */
    message_minimize_threshold_length: z.number().int(),
    operator: operatorSchema,
  }),
});

export const getHealth = defineCall({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  response: z.object({ status: z.literal('ok') }),
});

/** Push categories (docs/decisions/push-web-push.md); every one on and no digest by default. */
export const pushSettingsSchema = z.object({
  /** 連絡帳（日々の記録）が公開されたとき */
  daily_note: z.boolean(),
  /** 新しいお知らせ */
  notice: z.boolean(),
  /** アンケートの締切前日 */
  questionnaire_closing: z.boolean(),
  /** 登園・お迎え */
  attendance: z.boolean(),
  /** Single pushes (daily notes, notices, questionnaires) wait for one summary a day at 19:00 Tokyo. */
  digest: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const notificationSettingsSchema = z.object({
  /** True when the caller has no activated child yet: the screen shows no toggle. */
  isNotificationDisabled: z.boolean(),
  notification_settings: z.object({
    /** The master switch: every notification mail. */
    email_all: z.boolean(),
  }),
  push: pushSettingsSchema,
});

export const putPushSettings = defineCall({
  method: 'PUT',
  path: '/api/settings/notification_settings/push',
  summary: 'Changes the caller’s push categories (the fields given)',
  body: pushSettingsSchema.partial().refine((b) => Object.keys(b).length > 0, { message: '変更する項目を指定してください' }),
  response: z.object({ message: z.string(), push: pushSettingsSchema }),
});

export const getNotificationSettings = defineCall({
  method: 'GET',
  path: '/api/settings/notification_settings',
  summary: 'The caller’s email notification settings',
  response: notificationSettingsSchema,
});

export const postNotificationSettingsEnable = defineCall({
  method: 'POST',
  path: '/api/settings/notification_settings/enable',
  summary: 'Turns every email notification on',
  response: z.object({ message: z.string() }),
});

export const postNotificationSettingsDisable = defineCall({
  method: 'POST',
  path: '/api/settings/notification_settings/disable',
  summary: 'Turns every email notification off',
  response: z.object({ message: z.string() }),
});

export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const getDevMailbox = defineCall({
  method: 'GET',
  path: '/api/dev/mailbox',
  summary: 'Embedded/test mode only: the mail outbox, newest first',
  response: z.array(mailSchema),
});
