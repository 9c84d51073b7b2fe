import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oneYearConditions, oneYearSlots, type IctCounts } from '../src/modules/staffing/one-year-check';
import { ratioRules } from '../src/modules/staffing/ratio';
import type { ChildSpan, StaffSpan } from '../src/modules/staffing/timeline';

/*
 * The 1歳児配置改善加算 self-check (staffing.md §4) against a small oracle written here from the spec:
 * "1歳 at 5 : 1 in every slot of the month; the ICT functions in use". The oracle shares nothing with
 * the implementation but the inputs: minute by minute, per room, Σ children ÷ (3, 5, 6, 15, 25)
 * rounded up, at least 2 with a child; a slot with a 1歳 child present is short if any minute is.
 */

const RATIOS = [3, 5, 6, 15, 25];
const LCM = 150; // of 3, 5, 6, 15 and 25

function oracleRequired(counts: number[]): number {
  if (counts.every((c) => c === 0)) return 0;
  const need = counts.reduce((sum, c, band) => sum + c * (LCM / RATIOS[band]!), 0);
  return Math.max(2, Math.ceil(need / LCM));
}

interface Room {
  id: number;
  name: string;
}

function oracle(rooms: Room[], kids: ChildSpan[], staff: StaffSpan[], from: number, to: number) {
  let checked = 0;
  const short: { classId: number; start: number }[] = [];
  for (const room of rooms)
    for (let start = from; start < to; start += 15) {
      const end = Math.min(start + 15, to);
      const hasOne = kids.some((k) => k.classId === room.id && k.band === 1 && k.from < end && k.to > start);
      if (!hasOne) continue;
      checked++;
      let isShort = false;
      for (let m = start; m < end; m++) {
        const counts = [0, 0, 0, 0, 0];
        for (const k of kids) if (k.classId === room.id && k.from <= m && m < k.to) counts[k.band]!++;
        const here = staff.filter((s) => s.defaultClassId === room.id && s.spans.some(([a, b]) => a <= m && m < b)).length;
        if (here < oracleRequired(counts)) isShort = true;
      }
      if (isShort) short.push({ classId: room.id, start });
    }
  return { checked, short };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const rooms: Room[] = [
  { id: 1, name: 'ひよこ' },
  { id: 2, name: 'りす' },
];
const FROM = 7 * 60;
const TO = 10 * 60;

const span = fc
  .tuple(fc.integer({ min: FROM - 10, max: TO }), fc.integer({ min: 1, max: 150 }))
  .map(([a, len]) => [a, Math.min(a + len, TO + 10)] as [number, number]);
const child = fc.record({
  classId: fc.constantFrom(1, 2),
  band: fc.constantFrom<0 | 1 | 2 | 3 | 4>(0, 1, 1, 1, 2, 3, 4),
  span,
});
const person = fc.record({ classId: fc.constantFrom(1, 2), span });

describe('the 1歳 5:1 check against the oracle', () => {
  it('the same room-slots checked and the same short slots, for random small mornings', () => {
    const rules = ratioRules('2026-11-20', 'nursery', true);
    fc.assert(
      fc.property(fc.array(child, { maxLength: 14 }), fc.array(person, { maxLength: 4 }), (cs, ps) => {
        const kids: ChildSpan[] = cs.map((c) => ({ classId: c.classId, band: c.band, from: c.span[0], to: c.span[1] }));
        const staff: StaffSpan[] = ps.map((p, i) => ({
          userId: i + 1,
          name: `s${i}`,
          defaultClassId: p.classId,
          moves: [],
          spans: [p.span],
        }));
        const got = oneYearSlots({ date: '2026-11-20', rooms, children: kids, staff, rules, from: FROM, to: TO });
        const want = oracle(rooms, kids, staff, FROM, TO);
        expect(got.checked).toBe(want.checked);
        expect(got.short.map((s) => `${s.class_id}@${s.start}`).sort()).toEqual(
          want.short.map((s) => `${s.classId}@${hhmm(s.start)}`).sort(),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('the spec’s example: 6 babies of 1歳 need 2 at 6:1 and at 5:1, 11 need 2 at 6:1 but 3 at 5:1', () => {
    const babies = (n: number): ChildSpan[] =>
      Array.from({ length: n }, () => ({ classId: 1, band: 1, from: FROM, to: FROM + 15 }));
    const two: StaffSpan[] = [1, 2].map((id) => ({ userId: id, name: '', defaultClassId: 1, moves: [], spans: [[FROM, TO]] }));
    const check = (n: number) =>
      oneYearSlots({
        date: '2026-11-20',
        rooms,
        children: babies(n),
        staff: two,
        rules: ratioRules('2026-11-20', 'nursery', true),
        from: FROM,
        to: FROM + 15,
      });
    expect(check(6)).toEqual({ checked: 1, short: [] });
    expect(check(11).short).toEqual([
      { date: '2026-11-20', class_id: 1, name: 'ひよこ', start: '07:00', children: 11, staff: 2, required: 3 },
    ]);
  });
});

describe('the conditions against the oracle', () => {
  const ict = fc.record({
    attendance: fc.nat(3),
    daily_notes: fc.nat(2),
    notices: fc.nat(2),
    naps: fc.nat(2),
    records: fc.nat(2),
    staff_clock: fc.nat(2),
  }) as fc.Arbitrary<IctCounts>;

  it('met exactly when the 加算 exists, no 1歳 slot is short, 登降園 is in use and one more function is', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(40), fc.nat(3), ict, (applicable, checked, shortCount, counts) => {
        const short = Array.from({ length: Math.min(shortCount, checked) }, (_, i) => ({
          date: '2026-11-02',
          class_id: 1,
          name: 'ひよこ',
          start: hhmm(FROM + i * 15),
          children: 11,
          staff: 2,
          required: 3,
        }));
        const got = oneYearConditions({ applicable, checked, short, ict: counts });
        const others = [counts.daily_notes, counts.notices, counts.naps, counts.records, counts.staff_clock].some((n) => n > 0);
        const want = applicable && short.length === 0 && counts.attendance > 0 && others;
        expect(got.met).toBe(want);
        expect(got.conditions.map((c) => c.met)).toEqual([short.length === 0, counts.attendance > 0, others]);
        expect(got.conditions[1]!.figures).toBe(`登降園の記録 ${counts.attendance}件`);
      }),
      { numRuns: 200 },
    );
  });
});
