import { z } from 'zod';
import { defineCall } from '../common';

/**
 * The PIN pad's nap line (docs/decisions/naps-presence.md): a locked class tablet still shows whose
 * nap check is due. The device cookie alone, no PIN session: so it answers the least — the running
 * naps of today in the device's class (a facility tablet: its facility's classes), each present
 * child's id, given name and next due time; no family name, no check history, nothing else.
 */
export const deviceNapChildSchema = z.object({
  id: z.number().int(),
  /** The given name; with the family name's first letter when two present children share it. */
  first_name: z.string(),
  next_due_at: z.string(),
  /** The last check found the child うつ伏せ (the second look). */
  recheck: z.boolean(),
});
export type DeviceNapChild = z.infer<typeof deviceNapChildSchema>;

export const deviceNapStatusSchema = z.object({
  /** Running naps only; empty outside nap time. */
  naps: z.array(
    z.object({
      class: z.object({ id: z.number().int(), name: z.string() }),
      started_at: z.string(),
      children: z.array(deviceNapChildSchema),
    }),
  ),
});
export type DeviceNapStatus = z.infer<typeof deviceNapStatusSchema>;

export const getStaffDeviceNapStatus = defineCall({
  method: 'GET',
  path: '/api/staff/device/nap-status',
  summary:
    'On a paired class tablet, without a PIN session: today’s running naps of its class (or facility) with each present child’s given name and next due time; 401 when not paired, 403 on a gate kiosk',
  response: deviceNapStatusSchema,
});
