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

export const notificationSettingsSchema = z.object({
  /** True when the caller has no activated child yet: the screen shows no toggle. */
  isNotificationDisabled: z.boolean(),
  notification_settings: z.object({
    /** The master switch: every notification mail. */
    email_all: z.boolean(),
  }),
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
