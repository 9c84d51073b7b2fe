import { getKioskRoster, postKioskScans, postKioskStaffClocks, postKioskStaffPin } from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { route, type App } from '../../lib/route';
import { DEVICE_COOKIE } from '../../lib/staff-sessions';
import { authorizeDevice, deviceRefusal, type DeviceCallAction } from '../access';
import { findDevice } from '../staff/service';
import { scanGroupCommit } from './scan-group-commit';
import { loadRoster } from './roster';
import { recordKioskScans } from './service';
import { recordKioskStaffClocks } from './staff-clock';
import { staffClockGroupCommit } from './staff-clock-batch';
import { grantByPin } from './staff-identification';

/**
 * The gate kiosk's calls (staff.md §6): the device cookie alone, no PIN session (the gate tablet
 * stays unlocked). Which device kinds hold them is the kernel's device catalogue (`kiosk.scan`,
 * `kiosk.clock` in access/devices.ts): no paired device (never paired, revoked) → 401; a class's
 * tablet → 403. Checked before the input is validated. Only the device's facility is seen.
 *
 * The scans (the morning rush's call, docs/decisions/kiosk-device-in-scan-statement.md): the
 * device is looked up by the scan's own statement (one round trip); without a cookie 401 at once,
 * and a request refused before the handler (bad input) has its device checked first, so that the
 * answer is the same 401/403 as for the roster. The scans of requests that arrive together are
 * written together (`scan-group-commit.ts`: one statement, one commit).
 */
export function kioskRoutes(app: App, ctx: AppContext) {
  const authenticateFor = (action: DeviceCallAction) => async (req: FastifyRequest) => {
    req.pairedDevice = authorizeDevice(await findDevice(ctx.db, req, req.now), action);
  };
  const authenticate = authenticateFor('kiosk.scan');

  const scans = scanGroupCommit(ctx.db);
  const staffClocks = staffClockGroupCommit(ctx.db);

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
  route(
    app,
    postKioskStaffClocks,
    { auth: false, audience: 'device', authenticate: authenticateFor('kiosk.clock') },
    async ({ req, body, now }) =>
      recordKioskStaffClocks(
        ctx,
        staffClocks,
        req.pairedDevice!,
        { sentAt: body.sent_at, entries: body.entries, ip: req.ip },
        now,
      ),
  );

  route(
    app,
    postKioskScans,
    {
      auth: false,
      audience: 'device',
      authenticate: async (req) => {
        // No cookie: no device (401) at once; the device itself is judged in the scans' statement.
        if (!req.cookies[DEVICE_COOKIE]) throw deviceRefusal('kiosk.scan', null)!;
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
