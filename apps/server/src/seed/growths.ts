import { inArray } from 'drizzle-orm';
import { children, growths } from '../db/schema';
import { tokyoDate } from '@renraku/contract';
import { addMonths, monthsBetween } from '@renraku/contract';
import { referenceCurves } from '../modules/growths/reference';
import type { SeedContext } from './context';

/**
 * Demo content of the growths area (DESIGN §8): three years of measurements, monthly for 陽翔,
 * quarterly for 結衣, every other month for 蒼太, each on a smooth percentile of the 2023 survey
 * with a little noise; head and chest on some.
 */
export async function seedGrowths({ db, ids, now }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  const rows = await db
    .select({ id: children.id, birth: children.birth, sex: children.sex, companyId: children.companyId })
    .from(children)
    .where(inArray(children.id, [ids.children.haruto, ids.children.yui, ids.children.sota]));
  const plans = new Map([
    [ids.children.haruto, { every: 1, position: 0.35 }],
    [ids.children.yui, { every: 3, position: -0.25 }],
    [ids.children.sota, { every: 2, position: 0.1 }],
  ]);
  const values: (typeof growths.$inferInsert)[] = [];
  for (const child of rows) {
    const plan = plans.get(child.id)!;
    const curves = referenceCurves(child.sex)!;
    for (let back = 36; back >= 0; back -= plan.every) {
      const measuredOn = `${addMonths(today.slice(0, 7), -back)}-05`;
      if (measuredOn > today || measuredOn < child.birth) continue;
      const age = monthsBetween(child.birth, measuredOn);
      const h = curves.height[Math.min(age, 75)]!;
      const w = curves.weight[Math.min(age, 75)]!;
      // position 0 = median, 1 = 90th, -1 = 10th; a small deterministic wobble.
      const wobble = Math.sin(back * 1.7) * 0.08;
      const at = (p: typeof h, x: number) => (x >= 0 ? p['50'] + x * (p['90'] - p['50']) : p['50'] + x * (p['50'] - p['10']));
      const withHead = back % 6 === 0;
      values.push({
        companyId: child.companyId,
        childId: child.id,
        measuredOn,
        height: Math.round(at(h, plan.position + wobble) * 10) / 10,
        weight: Math.round(at(w, plan.position - wobble) * 100) / 100,
        head: withHead ? Math.round((34 + 14 * (1 - Math.exp(-age / 10))) * 10) / 10 : null,
        chest: withHead ? Math.round((33 + 20 * (1 - Math.exp(-age / 14))) * 10) / 10 : null,
      });
    }
  }
  await db.insert(growths).values(values);
}
