import {
  deleteStaffDevice,
  deleteStaffUserPin,
  deviceMessages,
  getStaffDevice,
  getStaffDevices,
  postStaffDevice,
  postStaffDeviceLock,
  postStaffDevicePair,
  postStaffDeviceUnlock,
} from '@renraku/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';
import { staffRoute } from '../../lib/staff-route';
import { authorizeDevice, authorizeFacility, type DeviceCallAction } from '../access';
import { deviceStaff, findDevice, listDevices, pairDevice, registerDevice, revokeDevice, type PairedDevice } from './devices';
import { lockDevice, resetPin, unlockDevice } from './pin';

/**
 * Paired tablets and the PIN (staff.md §1). On the desktop (director, company admin; not from a
 * tablet's PIN session, a weaker sign-in): register, list and revoke tablets, reset a PIN. On the
 * tablet, with its device cookie only: pair, the PIN pad's list, unlock and lock.
 */
export function deviceRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffDevices, {}, async ({ staff, params, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return listDevices(ctx.db, grant.facilityId, now);
  });

  staffRoute(app, postStaffDevice, {}, async ({ staff, params, body, now }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return registerDevice(ctx, staff, grant, { name: body.name, classId: body.class_id, purpose: body.purpose }, now);
  });

  staffRoute(app, deleteStaffDevice, {}, async ({ staff, params, now }) => {
    await revokeDevice(ctx, staff, params.deviceId, now);
    return { message: deviceMessages.revoked };
  });

  staffRoute(app, deleteStaffUserPin, {}, async ({ staff, params, now }) => {
    await resetPin(ctx, staff, params.facilityId, params.userId, now);
    return { message: deviceMessages.pinReset };
  });

  route(app, postStaffDevicePair, { auth: false }, async ({ req, reply, body, now, today }) =>
    pairDevice(ctx, req, reply, { code: body.code, now, today }),
  );

  /**
   * A tablet's call: the device cookie is checked before the input is validated (401 without one),
   * against the kernel's device catalogue (access/devices.ts).
   */
  const onDevice = (action: DeviceCallAction) =>
    ({
      auth: false,
      audience: 'device',
      authenticate: async (req: FastifyRequest) =>
        void (req.pairedDevice = authorizeDevice(await findDevice(ctx.db, req, req.now), action)),
    }) as const;

  route(app, getStaffDevice, onDevice('device.pad'), async ({ req, today }) => {
    const device = req.pairedDevice!;
    return {
      device: {
        id: device.id,
        name: device.name,
        facility_id: device.facilityId,
        facility_name: device.facilityName,
        class_id: device.classId,
        purpose: device.purpose === 'kiosk' ? ('kiosk' as const) : ('class' as const),
      },
      staff: await deviceStaff(ctx.db, device, today),
    };
  });

  route(app, postStaffDeviceUnlock, onDevice('device.pad'), async ({ req, reply, body, now, today }) => {
    await unlockDevice(ctx, req, reply, req.pairedDevice!, { userId: body.user_id, pin: body.pin, now, today });
    return { stage: 'ok' as const };
  });

  route(app, postStaffDeviceLock, onDevice('device.pad'), async ({ req, reply }) => {
    await lockDevice(ctx, req, reply);
    return { message: deviceMessages.locked };
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired tablet of a tablet call, set before its input is validated. */
    pairedDevice?: PairedDevice;
  }
}
