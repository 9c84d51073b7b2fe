import { z } from 'zod';
import { dateString, defineCall, idParam } from '../common';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null for what a device did alone (the gate kiosk: its roster read, a guardian’s QR arrival). */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  device: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  /** The action in Japanese for the screen and the CSV. */
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  child: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  user_id: idParam.optional(),
  child_id: idParam.optional(),
  date: dateString.optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export const getStaffAudit = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/audit',
  summary: 'The facility’s audit log, newest first, 50 per page, filtered by person, child and day (director)',
  params: z.object({ facilityId: idParam }),
  query: auditQuery,
  response: z.object({ data: z.array(auditEntrySchema), total: z.number().int(), per_page: z.number().int() }),
});

/** Same filters as getStaffAudit, every row, as CSV (UTF-8 with BOM, opens in Excel). Not a JSON call. */
export const staffAuditCsvPath = '/api/staff/facilities/{facilityId}/audit.csv';
