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
  /** The children the entry is about: 1 with `child`, more for a read that showed several (the board). */
  child_count: z.number().int(),
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

/** Someone the log's person filter offers: every member the facility ever had, the past ones marked. */
export const auditPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A membership of the facility (or a company admin's) covers today. */
  current: z.boolean(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** A child the log's child filter offers: every child ever enrolled at the facility, by name and kana. */
export const auditChildSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kana: z.string(),
  /** Enrolled today (admitted, not left). */
  current: z.boolean(),
});
export type AuditChild = z.infer<typeof auditChildSchema>;

export const getStaffAuditSubjects = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/audit/subjects',
  summary:
    'Who and which children the audit log can be filtered by: every member and child of the facility, past ones included (director)',
  params: z.object({ facilityId: idParam }),
  response: z.object({ people: z.array(auditPersonSchema), children: z.array(auditChildSchema) }),
});

/**
 * Sent by the child's page with each of its reads (the record, the guardians, the pick-up persons):
 * one page open is one `child.read` entry, however many calls it makes (docs/decisions/staff-audit-screen.md).
 */
export const AUDIT_VIEW_HEADER = 'x-audit-view';
