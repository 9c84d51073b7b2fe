/*
 * Push notifications (docs/decisions/platform-outbox-delivery.md, push-web-push.md), one file per use
 * case: the categories and a guardian's settings, enqueueing, delivery, the evening digest and the
 * questionnaire reminders, the web push provider, the worker.
 */
export {
  DIGEST_TIME,
  defaultPushSettings,
  pushCategoryOf,
  readPushSettings,
  writePushSettings,
  type PushCategory,
  type PushSender,
  type WebPushSubscription,
} from './categories';
export {
  dropPendingPushes,
  enqueueGuardianPush,
  enqueueGuardianPushes,
  enqueueGuardianPushesFor,
  type GuardianPush,
  type GuardiansOf,
} from './enqueue';
export { claimPushes, deliverPendingPushes } from './delivery';
export { enqueueDigests, enqueueQuestionnaireClosing } from './summaries';
export { webPushSender } from './web-push';
export { startPushWorker } from './worker';
