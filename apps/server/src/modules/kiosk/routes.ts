import { getKioskRoster, kioskMessages, postKioskScans } from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { route, type App } from '../../lib/route';
import { findDevice } from '../staff/service';
import { loadRoster, recordScans } from './service';

/**
 * The gate kiosk's calls (staff.md §6): the device cookie alone, no PIN session (the gate tablet
 * stays unlocked). No paired device (never paired, revoked) → 401; a class's tablet → 403. Checked
 * before the input is validated. Only the device's facility is seen.
 */
export function kioskRoutes(app: App, ctx: AppContext) {
  const onKiosk = {
    auth: false,
    audience: 'device',
    authenticate: async (req: FastifyRequest) => {
      const device = await findDevice(ctx.db, req, req.now);
      if (!device) throw new HttpError(401, kioskMessages.notPaired);
      if (device.purpose !== 'kiosk') throw new HttpError(403, kioskMessages.notKiosk);
      req.pairedDevice = device;
    },
  } as const;

  route(app, getKioskRoster, onKiosk, async ({ req, now }) => loadRoster(ctx, req.pairedDevice!, now));

  route(app, postKioskScans, onKiosk, async ({ req, body, now }) =>
    recordScans(ctx, req.pairedDevice!, { sentAt: body.sent_at, scans: body.scans }, now),
  );
}
