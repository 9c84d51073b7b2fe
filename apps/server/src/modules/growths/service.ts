import { desc, eq } from 'drizzle-orm';
import type { GrowthRecord, ResponseOf, getChildGrowths } from '@renraku/contract';
import type { AppContext } from '../../context';
import { children, growths } from '../../db/schema';
import { monthsBetween } from '@renraku/contract';
import { notFound, invalidMany } from '../../lib/errors';
import type { ChildGrant } from '../access';
import { referenceCurves } from './reference';

/** The child's measurements, newest first, with the reference curves of its sex (one query). */
export async function childGrowths(ctx: AppContext, grant: ChildGrant): Promise<ResponseOf<typeof getChildGrowths>> {
  const rows = await ctx.db
    .select()
    .from(growths)
    .where(eq(growths.childId, grant.child.id))
    .orderBy(desc(growths.measuredOn), desc(growths.id));
  const curves = referenceCurves(grant.child.sex);
  const actual: GrowthRecord[] = rows.map((row) => ({
    id: row.id,
    date: row.measuredOn,
    height: row.height === null ? null : Number(row.height),
    weight: row.weight === null ? null : Number(row.weight),
    head: row.head === null ? null : Number(row.head),
    chest: row.chest === null ? null : Number(row.chest),
    age: Math.max(0, monthsBetween(grant.child.birth, row.measuredOn)),
  }));
  return {
    sex: curves ? (grant.child.sex as 1 | 2) : null,
    generalHeight: curves?.height ?? [],
    generalWeight: curves?.weight ?? [],
    actual,
  };
}

// ---- Staff side (for the later staff console; no HTTP route yet) ----

const ranges = { height: [30, 200], weight: [1, 100], head: [20, 70], chest: [20, 100] } as const;
const labels = { height: '身長', weight: '体重', head: '頭囲', chest: '胸囲' } as const;

/** Records a measurement of a child; every value optional but at least height or weight, each within a plausible range. */
export async function recordGrowth(
  ctx: AppContext,
  input: {
    childId: number;
    measuredOn: string;
    height?: number | null;
    weight?: number | null;
    head?: number | null;
    chest?: number | null;
  },
) {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(ranges) as (keyof typeof ranges)[]) {
    const value = input[key];
    const [min, max] = ranges[key];
    if (value !== null && value !== undefined && !(value >= min && value <= max))
      errors[key] = [`${labels[key]}は${min}〜${max}の範囲で入力してください`];
  }
  if (input.height == null && input.weight == null) errors.height = ['身長または体重を入力してください'];
  const child = await ctx.db.query.children.findFirst({ where: eq(children.id, input.childId) });
  if (!child) throw notFound();
  if (input.measuredOn < child.birth) errors.measuredOn = ['測定日は生年月日以降の日付を入力してください'];
  if (Object.keys(errors).length > 0) throw invalidMany(errors);
  const [row] = await ctx.db
    .insert(growths)
    .values({
      companyId: child.companyId,
      childId: child.id,
      measuredOn: input.measuredOn,
      height: input.height ?? null,
      weight: input.weight ?? null,
      head: input.head ?? null,
      chest: input.chest ?? null,
    })
    .returning();
  return row!;
}
