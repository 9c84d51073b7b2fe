import { facilityPath } from './facility';

/**
 * Where a paired class tablet opens (after its PIN, and at /staff/): its class's board when it is
 * paired to a class (the room's screen of the day), else the facility's home.
 */
export const deviceStartPath = (device: { facility_id: number; class_id: number | null }) =>
  device.class_id === null ? facilityPath(device.facility_id) : facilityPath(device.facility_id, `board/${device.class_id}`);
