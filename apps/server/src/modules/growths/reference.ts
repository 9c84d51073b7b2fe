import fs from 'node:fs';
import { growthChart, type Percentiles } from '@renraku/contract';

/**
 * Reference percentiles of the 2023 national survey (reference/README.md): integer months 0–75
 * from the files' `derived` block; months 76–84 have no data and answer null (not extrapolated).
 */
interface ReferenceFile {
  derived: { height: Record<string, Record<string, number>>; weight: Record<string, Record<string, number>> };
}

export const REFERENCE_VERSION = 'R5-2023';

const load = (file: string): ReferenceFile =>
  JSON.parse(fs.readFileSync(new URL(`./reference/${file}`, import.meta.url), 'utf8')) as ReferenceFile;

function curve(byMonth: Record<string, Record<string, number>>): (Percentiles | null)[] {
  return Array.from({ length: growthChart.maxMonths + 1 }, (_, month) => {
    const row = byMonth[String(month)];
    if (!row) return null;
    return Object.fromEntries(growthChart.percentiles.map((p) => [p, row[p]!])) as Percentiles;
  });
}

let cache: Record<1 | 2, { height: (Percentiles | null)[]; weight: (Percentiles | null)[] }> | undefined;

/** The curves for a sex (children.sex: 1 boy, 2 girl); null when the sex is unknown. */
export function referenceCurves(sex: number | null) {
  if (sex !== 1 && sex !== 2) return null;
  if (!cache) {
    const boys = load('boys.json');
    const girls = load('girls.json');
    cache = {
      1: { height: curve(boys.derived.height), weight: curve(boys.derived.weight) },
      2: { height: curve(girls.derived.height), weight: curve(girls.derived.weight) },
    };
  }
  return cache[sex];
}
