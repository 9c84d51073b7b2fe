import type { GeneratorInput, GeneratorResult } from '../src/modules/staffing/generator';

/*
 * The shift draft's oracle (staffing.md §1, §3), written apart from the generator: the ratio per room
 * minute by minute, and every limit of a person's 勤務条件 (staffing-generator*.test.ts).
 */

const RATIOS = [3, 6, 6, 15, 25];
/** Spec §1, per room: the smallest n with n ≥ Σ children ÷ ratio (over the product), never below 2 with a child. */
export function oracleRequired(counts: number[]): number {
  if (counts.every((c) => c === 0)) return 0;
  const product = RATIOS.reduce((a, b) => a * b, 1);
  const need = counts.reduce((sum, c, i) => sum + c * (product / RATIOS[i]!), 0);
  let n = 0;
  while (n * product < need) n++;
  return Math.max(2, n);
}

export const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Checks a draft against the input; returns the first problem found, or null. */
export function check(input: GeneratorInput, result: GeneratorResult): string | null {
  const pattern = new Map(input.patterns.map((p) => [p.id, p]));
  const works = (staffId: number, date: string) => (result.assignments.get(staffId)?.get(date) ?? null) !== null;
  // Working minutes of the month: each worked pattern's span less its break.
  const work = (id: number) => pattern.get(id)!.end - pattern.get(id)!.start - (pattern.get(id)!.breakMinutes ?? 0);
  const minutesOf = (staffId: number) =>
    [...result.assignments.get(staffId)!.values()].reduce<number>((sum, id) => sum + (id === null ? 0 : work(id)), 0);
  for (const s of input.staff) {
    const days = input.days.map((d) => d.date);
    for (const date of days) {
      const id = result.assignments.get(s.id)?.get(date);
      if (id === undefined) return `no cell for ${s.id} on ${date}`;
      if (id === null) continue;
      if (s.wishes.includes(date)) return `${s.id} works on a wished day off ${date}`;
      if (!s.patternIds.includes(id)) return `${s.id} works a pattern not theirs`;
    }
    const worked = days.filter((d) => works(s.id, d));
    if (worked.length > s.maxDaysPerMonth) return `${s.id} over the month's limit`;
    if (minutesOf(s.id) > (s.maxMinutesPerMonth ?? Infinity)) return `${s.id} over the month's hours`;
    for (const d of worked)
      if (worked.filter((w) => mondayOf(w) === mondayOf(d)).length > s.maxDaysPerWeek) return `${s.id} over a week's limit`;
    let run = 0;
    for (const d of days) {
      run = works(s.id, d) ? run + 1 : 0;
      if (run > s.maxConsecutiveDays) return `${s.id} over the consecutive days`;
    }
  }
  const unmetKeys = new Set(result.unmet.map((u) => `${u.date}|${u.classId}|${u.start}`));
  const seenShort = new Set<string>();
  for (const day of input.days) {
    for (const room of input.rooms) {
      const staffed = input.staff.filter((s) => s.classId === room);
      for (let minute = 0; minute < 24 * 60; minute++) {
        const counts = [0, 0, 0, 0, 0];
        for (const c of day.children) if (c.classId === room && c.from <= minute && minute < c.to) counts[c.band]! += 1;
        const required = day.closed ? 0 : oracleRequired(counts);
        if (required === 0) continue;
        const present = staffed.filter((s) => {
          const id = result.assignments.get(s.id)!.get(day.date);
          const p = id == null ? undefined : pattern.get(id);
          return p !== undefined && p.start <= minute && minute < p.end;
        }).length;
        const slot = minute - (minute % 15);
        const key = `${day.date}|${room}|${slot}`;
        if (present < required) {
          if (!unmetKeys.has(key)) return `short and not listed: ${key} (${present} < ${required})`;
          seenShort.add(key);
        }
      }
    }
  }
  for (const u of result.unmet) {
    const key = `${u.date}|${u.classId}|${u.start}`;
    if (!seenShort.has(key)) return `listed but met: ${key}`;
    const covering = (s: GeneratorInput['staff'][number]) =>
      s.patternIds.some((id) => pattern.get(id)!.start <= u.start && u.start + 15 <= pattern.get(id)!.end);
    const room = input.staff.filter((x) => x.classId === u.classId);
    const expected =
      room.length === 0
        ? 'no_staff_in_room'
        : !room.some(covering)
          ? 'no_pattern_covers'
          : room.filter(covering).every((s) => works(s.id, u.date))
            ? 'too_few_staff'
            : 'off_or_limit';
    if (u.reason !== expected) return `unmet ${key} says ${u.reason}, not ${expected}`;
    // Nobody of the room able to cover the slot was left free: each is working, wished off, or at a limit.
    for (const s of room) {
      const covers = covering(s);
      if (!covers || works(s.id, u.date) || s.wishes.includes(u.date)) continue;
      const days = input.days.map((d) => d.date);
      const worked = days.filter((d) => works(s.id, d));
      const inWeek = worked.filter((d) => mondayOf(d) === mondayOf(u.date)).length;
      let before = 0;
      while (works(s.id, addDays(u.date, -(before + 1)))) before++;
      let after = 0;
      while (works(s.id, addDays(u.date, after + 1))) after++;
      const coveringPatterns = s.patternIds.filter(
        (id) => pattern.get(id)!.start <= u.start && u.start + 15 <= pattern.get(id)!.end,
      );
      const blocked =
        worked.length >= s.maxDaysPerMonth ||
        inWeek >= s.maxDaysPerWeek ||
        before + 1 + after > s.maxConsecutiveDays ||
        coveringPatterns.every((id) => minutesOf(s.id) + work(id) > (s.maxMinutesPerMonth ?? Infinity));
      if (!blocked) return `unmet ${key} while ${s.id} was free`;
    }
  }
  return null;
}
