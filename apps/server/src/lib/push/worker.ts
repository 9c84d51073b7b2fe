import type { FastifyBaseLogger } from 'fastify';
import type { VapidKeys } from '../../config';
import type { Db } from '../../db/client';
import { repeatInBackground } from '../repeat';
import { PushSender } from './categories';
import { deliverPendingPushes } from './delivery';
import type { GuardiansOf } from './enqueue';
import { enqueueDigests, enqueueQuestionnaireClosing } from './summaries';
import { webPushSender } from './web-push';

/** The push worker: the evening digest, the questionnaire reminders, then the due pushes, every few seconds. */
export function startPushWorker(
  db: Db,
  options: { vapid: VapidKeys; log: FastifyBaseLogger; guardiansOf: GuardiansOf; intervalMs?: number; sender?: PushSender },
): () => void {
  const sender = options.sender ?? webPushSender(db, options.vapid);
  let lastDaily = 0;
  return repeatInBackground(options.log, { name: 'push worker failed', intervalMs: options.intervalMs ?? 5000 }, async () => {
    const now = new Date();
    if (now.getTime() - lastDaily > 10 * 60_000) {
      lastDaily = now.getTime();
      await enqueueQuestionnaireClosing(db, now, options.guardiansOf);
    }
    await enqueueDigests(db, now);
    await deliverPendingPushes(db, sender, options.log, now);
  });
}
