import { auditQuery, getStaffAudit, getStaffAuditSubjects, idParam, messages, staffAuditCsvPath } from '@renraku/contract';
import type { AppContext } from '../../context';
import { fastifyPath, type App } from '../../lib/route';
import { staffCallerOf, staffRoute } from '../../lib/staff-route';
import { invalidMany, unauthenticated } from '../../lib/errors';
import { loadStaffSession } from '../../lib/staff-sessions';
import { authorizeFacility } from '../access';
import { auditCsv, listAudit } from './service';
import { auditSubjects } from './subjects';

/** The audit screen's calls (staff.md §7): the log, the people and children to filter by, the CSV. */
export function auditRoutes(app: App, ctx: AppContext) {
  staffRoute(app, getStaffAudit, {}, async ({ staff, params, query }) => {
    await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return listAudit(ctx, params.facilityId, query);
  });

  staffRoute(app, getStaffAuditSubjects, {}, async ({ staff, params }) => {
    const grant = await authorizeFacility(ctx, staff, params.facilityId, 'facility.setup');
    return auditSubjects(ctx.db, grant, staff.today);
  });

  // The CSV export: not a JSON call, the same filters and the same check.
  const csvQuery = auditQuery.omit({ page: true });
  app.get<{ Params: { facilityId: string }; Querystring: Record<string, unknown> }>(
    fastifyPath(staffAuditCsvPath),
    async (req, reply) => {
      const session = await loadStaffSession(ctx.db, req, req.now);
      if (!session || session.pending) throw unauthenticated();
      const facilityId = idParam.safeParse(req.params.facilityId);
      const filter = csvQuery.safeParse(req.query);
      if (!facilityId.success || !filter.success) throw invalidMany({ _: [messages.invalidInput] });
      const staff = staffCallerOf(session, req);
      const grant = await authorizeFacility(ctx, staff, facilityId.data, 'facility.setup');
      const body = await auditCsv(ctx, grant.facilityId, filter.data);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${grant.facilityId}-${req.today}.csv"`)
        .send(body);
    },
  );
}
