import { getKioskRoster, kioskMessages, postKioskScans, postKioskStaffClocks, postKioskStaffPin } from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { HttpError } from '../../lib/errors';
import { route, type App } from '../../lib/route';
import { DEVICE_COOKIE } from '../../lib/staff-sessions';
import { findDevice } from '../staff/service';
import { scanGroupCommit } from './scan-group-commit';
import { loadRoster } from './roster';
import { recordKioskScans } from './service';
import { recordKioskStaffClocks } from './staff-clock';
import { grantByPin } from './staff-identification';

/**
 * The gate kiosk's calls (staff.md §6): the device cookie alone, no PIN session (the gate tablet
 * stays unlocked). No paired device (never paired, revoked) → 401; a class's tablet → 403. Checked
 * before the input is validated. Only the device's facility is seen.
 *
 * The scans (the morning rush's call, docs/decisions/kiosk-device-in-scan-statement.md): the
 * device is looked up by the scan's own statement (one round trip); without a cookie 401 at once,
 * and a request refused before the handler (bad input) has its device checked first, so that the
 * answer is the same 401/403 as for the roster. The scans of requests that arrive together are
 * written together (`scan-group-commit.ts`: one statement, one commit).
 */
export function kioskRoutes(app: App, ctx: AppContext) {
  const authenticate = async (req: FastifyRequest) => {
    const device = await findDevice(ctx.db, req, req.now);
    if (!device) throw new HttpError(401, kioskMessages.notPaired);
    if (device.purpose !== 'kiosk') throw new HttpError(403, kioskMessages.notKiosk);
    req.pairedDevice = device;
  };

  const scans = scanGroupCommit(ctx.db);

  route(app, getKioskRoster, { auth: false, audience: 'device', authenticate }, async ({ req, now }) =>
    loadRoster(ctx, req.pairedDevice!, now, req.ip),
  );

  // A staff member names themself at the gate with their PIN: a grant for the kiosk's scans of the
  // next minutes, no staff session (docs/decisions/kiosk-staff-identification.md).
  route(app, postKioskStaffPin, { auth: false, audience: 'device', authenticate }, async ({ req, body, now, today }) =>
    grantByPin(ctx, req.pairedDevice!, {
      userId: body.user_id,
      pin: body.pin,
      deviceTime: new Date(body.device_time),
      now,
      today,
      ip: req.ip,
    }),
  );

  // Staff 打刻 at the gate (docs/decisions/staffing-kiosk-clock.md): a kiosk device only, as the roster.
  route(app, postKioskStaffClocks, { auth: false, audience: 'device', authenticate }, async ({ req, body, now }) =>
    recordKioskStaffClocks(ctx, req.pairedDevice!, { sentAt: body.sent_at, entries: body.entries, ip: req.ip }, now),
  );

  route(
    app,
    postKioskScans,
    {
      auth: false,
      audience: 'device',
      authenticate: async (req) => {
        if (!req.cookies[DEVICE_COOKIE]) throw new HttpError(401, kioskMessages.notPaired);
      },
      authenticateRefused: authenticate,
      // The answer as built in production, as the guardians' hot calls (route.ts `plainJson`).
      asBuilt: true,
    },
    async ({ req, body, now }) =>
      recordKioskScans(
        ctx,
        scans,
        sha256(req.cookies[DEVICE_COOKIE]!),
        { sentAt: body.sent_at, scans: body.scans, ip: req.ip },
        now,
      ),
  );
}
