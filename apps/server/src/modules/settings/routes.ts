import { sql } from 'drizzle-orm';
import { getConfigConst, getHealth, relationTypes } from '@renraku/contract';
import type { AppContext } from '../../context';
import { route, type App } from '../../lib/route';

export function settingsRoutes(app: App, ctx: AppContext) {
  route(app, getConfigConst, { auth: false }, async () => ({
    relation_types: Object.fromEntries(Object.entries(relationTypes).map(([k, v]) => [String(k), v])),
    head_office_address: ctx.config.operator.head_office_address,
    operator: ctx.config.operator,
  }));

  route(app, getHealth, { auth: false }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
}
