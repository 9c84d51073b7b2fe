import { desc, eq } from 'drizzle-orm';
import type { GrowthRecord, ResponseOf, getChildGrowths } from '@renraku/contract';
import type { AppContext } from '../../context';
import { growths } from '../../db/schema';
import { monthsBetween } from '../events/dates';
import type { LinkedChild } from '../events/policy';
import { referenceCurves } from './reference';

/** The child's measurements, newest first, with the reference curves of its sex (one query). */
export async function childGrowths(ctx: AppContext, linked: LinkedChild): Promise<ResponseOf<typeof getChildGrowths>> {
  const rows = await ctx.db
    .select()
    .from(growths)
    .where(eq(growths.childId, linked.child.id))
    .orderBy(desc(growths.measuredOn), desc(growths.id));
  const curves = referenceCurves(linked.child.sex);
  const actual: GrowthRecord[] = rows.map((row) => ({
    id: row.id,
    date: row.measuredOn,
    height: row.height === null ? null : Number(row.height),
    weight: row.weight === null ? null : Number(row.weight),
    head: row.head === null ? null : Number(row.head),
    chest: row.chest === null ? null : Number(row.chest),
    age: Math.max(0, monthsBetween(linked.child.birth, row.measuredOn)),
  }));
  return {
    sex: curves ? (linked.child.sex as 1 | 2) : null,
    generalHeight: curves?.height ?? [],
    generalWeight: curves?.weight ?? [],
    actual,
  };
}
