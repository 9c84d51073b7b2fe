import { requiredForRoom, type RatioRules } from './ratio';
import { ageBands } from './ratio-table';
import { SLOT_MINUTES, type ChildSpan } from './timeline';

/*
 * The next month's shift draft (staffing.md §3; docs/decisions/staffing-generator.md), pure: no DB.
 * Per day, greedily: take the room's slot with the largest shortfall, give it the free staff member
 * of that room whose pattern covers it and covers the most other short slots (fewest days so far
 * first), until every slot is met or nobody who may work that day can cover it. A staff member works
 * only in their own room; their patterns, wishes (希望休), days per week and per month, consecutive
 * days and working hours per month hold (docs/decisions/staffing-working-conditions.md).
 */

export interface GeneratorPattern {
  id: number;
  /** Minutes of the day, [start, end). */
  start: number;
  end: number;
  /** Its break in minutes (working time = end − start − break, for an hours limit); none if absent. */
  breakMinutes?: number;
}

export interface GeneratorStaff {
  id: number;
  classId: number;
  /** The patterns this person may work. */
  patternIds: readonly number[];
  /** 希望休: never scheduled on these dates. */
  wishes: readonly string[];
  maxDaysPerWeek: number;
  maxDaysPerMonth: number;
  maxConsecutiveDays: number;
  /** Working minutes a month (patterns less their breaks); no limit if absent. */
  maxMinutesPerMonth?: number;
}

export interface GeneratorDay {
  date: string;
  closed: boolean;
  rules: RatioRules;
  /** The children's planned stays (next month's schedules). */
  children: readonly ChildSpan[];
}

export interface GeneratorInput {
  days: readonly GeneratorDay[];
  rooms: readonly number[];
  staff: readonly GeneratorStaff[];
  patterns: readonly GeneratorPattern[];
}

/**
 * Why nobody more could be placed: the room has no staff; no pattern its staff may work covers the slot; all
 * its staff who could are already working (too few); or someone who could is off by a wish or a limit.
 */
export type UnmetReason = 'no_staff_in_room' | 'no_pattern_covers' | 'too_few_staff' | 'off_or_limit';

export interface UnmetSlot {
  date: string;
  classId: number;
  /** Minute the 15-minute slot starts. */
  start: number;
  required: number;
  planned: number;
  reason: UnmetReason;
}

export interface GeneratorResult {
  /** staff id → date → pattern id, or null for 休. */
  assignments: Map<number, Map<string, number | null>>;
  unmet: UnmetSlot[];
}

/** The slot's required staff per room: the worst minute of the slot (as the day's chart checks). */
export function requiredBySlot(day: GeneratorDay, rooms: readonly number[]): { from: number; byRoom: Map<number, number[]> } {
  const byRoom = new Map<number, number[]>(rooms.map((id) => [id, []]));
  const kids = day.children.filter((c) => c.classId !== null && byRoom.has(c.classId) && c.to > c.from);
  if (kids.length === 0) return { from: 0, byRoom };
  const from = Math.floor(Math.min(...kids.map((c) => c.from)) / SLOT_MINUTES) * SLOT_MINUTES;
  const to = Math.ceil(Math.max(...kids.map((c) => c.to)) / SLOT_MINUTES) * SLOT_MINUTES;
  const length = to - from;
  for (const room of rooms) {
    // Children by band at each minute, through a difference array.
    const diff = ageBands.map(() => new Int32Array(length + 1));
    for (const c of kids) {
      if (c.classId !== room) continue;
      diff[c.band]![c.from - from]! += 1;
      diff[c.band]![c.to - from]! -= 1;
    }
    const counts = ageBands.map(() => 0);
    const slots: number[] = new Array<number>(length / SLOT_MINUTES).fill(0);
    for (let m = 0; m < length; m++) {
      for (const band of ageBands) counts[band]! += diff[band]![m]!;
      const slot = Math.floor(m / SLOT_MINUTES);
      slots[slot] = Math.max(slots[slot]!, requiredForRoom(counts, day.rules));
    }
    byRoom.set(room, slots);
  }
  return { from, byRoom };
}

/** Monday of the ISO week of a date (the week a days-per-week limit counts in). */
export const weekOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

/** A pattern's working minutes: its span less its break. */
export const workMinutes = (p: GeneratorPattern) => p.end - p.start - (p.breakMinutes ?? 0);

export function generateShifts(input: GeneratorInput): GeneratorResult {
  const patterns = new Map(input.patterns.map((p) => [p.id, p]));
  const assignments = new Map<number, Map<string, number | null>>(input.staff.map((s) => [s.id, new Map()]));
  const monthDays = new Map<number, number>(input.staff.map((s) => [s.id, 0]));
  const monthMinutes = new Map<number, number>(input.staff.map((s) => [s.id, 0]));
  const fits = (s: GeneratorStaff, p: GeneratorPattern) =>
    monthMinutes.get(s.id)! + workMinutes(p) <= (s.maxMinutesPerMonth ?? Number.POSITIVE_INFINITY);
  const weekDays = new Map<string, number>();
  const run = new Map<number, number>(input.staff.map((s) => [s.id, 0]));
  const wishes = new Map(input.staff.map((s) => [s.id, new Set(s.wishes)]));
  const unmet: UnmetSlot[] = [];

  for (const day of input.days) {
    const week = weekOf(day.date);
    const working = new Set<number>();
    if (!day.closed) {
      const { from, byRoom } = requiredBySlot(day, input.rooms);
      for (const [room, required] of byRoom) {
        const covered = new Array<number>(required.length).fill(0);
        const members = input.staff.filter((s) => s.classId === room);
        const mayWork = (s: GeneratorStaff) =>
          !wishes.get(s.id)!.has(day.date) &&
          monthDays.get(s.id)! < s.maxDaysPerMonth &&
          (weekDays.get(`${s.id}:${week}`) ?? 0) < s.maxDaysPerWeek &&
          run.get(s.id)! < s.maxConsecutiveDays;
        const slotRange = (p: GeneratorPattern): [number, number] => [
          Math.max(0, Math.ceil((p.start - from) / SLOT_MINUTES)),
          Math.min(required.length, Math.floor((p.end - from) / SLOT_MINUTES)),
        ];
        const given = new Set<number>();
        for (;;) {
          // The slot with the largest shortfall still open.
          let worst = -1;
          for (let i = 0; i < required.length; i++) {
            if (required[i]! - covered[i]! <= 0 || given.has(i)) continue;
            if (worst < 0 || required[i]! - covered[i]! > required[worst]! - covered[worst]!) worst = i;
          }
          if (worst < 0) break;
          let best: { staff: GeneratorStaff; pattern: GeneratorPattern; gain: number } | null = null;
          for (const s of members) {
            if (working.has(s.id) || !mayWork(s)) continue;
            for (const id of s.patternIds) {
              const p = patterns.get(id);
              if (!p || !fits(s, p)) continue;
              const [a, b] = slotRange(p);
              if (worst < a || worst >= b) continue;
              let gain = 0;
              for (let i = a; i < b; i++) if (covered[i]! < required[i]!) gain++;
              const better =
                !best ||
                gain > best.gain ||
                (gain === best.gain && monthDays.get(s.id)! < monthDays.get(best.staff.id)!) ||
                (gain === best.gain &&
                  monthDays.get(s.id)! === monthDays.get(best.staff.id)! &&
                  b - a < slotRange(best.pattern)[1] - slotRange(best.pattern)[0]);
              if (better) best = { staff: s, pattern: p, gain };
            }
          }
          if (!best) {
            given.add(worst);
            continue;
          }
          working.add(best.staff.id);
          assignments.get(best.staff.id)!.set(day.date, best.pattern.id);
          monthMinutes.set(best.staff.id, monthMinutes.get(best.staff.id)! + workMinutes(best.pattern));
          const [a, b] = slotRange(best.pattern);
          for (let i = a; i < b; i++) covered[i]! += 1;
        }
        for (const i of [...given].sort((x, y) => x - y)) {
          const coverable = members.filter((s) =>
            s.patternIds.some((id) => {
              const p = patterns.get(id);
              if (!p) return false;
              const [a, b] = slotRange(p);
              return a <= i && i < b;
            }),
          );
          unmet.push({
            date: day.date,
            classId: room,
            start: from + i * SLOT_MINUTES,
            required: required[i]!,
            planned: covered[i]!,
            reason:
              members.length === 0
                ? 'no_staff_in_room'
                : coverable.length === 0
                  ? 'no_pattern_covers'
                  : coverable.every((s) => working.has(s.id))
                    ? 'too_few_staff'
                    : 'off_or_limit',
          });
        }
      }
    }
    for (const s of input.staff) {
      const works = working.has(s.id);
      if (!works) assignments.get(s.id)!.set(day.date, null);
      else {
        monthDays.set(s.id, monthDays.get(s.id)! + 1);
        weekDays.set(`${s.id}:${week}`, (weekDays.get(`${s.id}:${week}`) ?? 0) + 1);
      }
      run.set(s.id, works ? run.get(s.id)! + 1 : 0);
    }
  }
  unmet.sort((x, y) => x.date.localeCompare(y.date) || x.classId - y.classId || x.start - y.start);
  return { assignments, unmet };
}

export interface UnmetRange {
  date: string;
  classId: number;
  start: number;
  end: number;
  /** 不足人数, the same over the range. */
  short: number;
  reason: UnmetReason;
}

/** Consecutive unmet slots of a room and day with the same shortfall and reason as one time range (the screen's list). */
export function unmetRanges(unmet: readonly UnmetSlot[]): UnmetRange[] {
  const ranges: UnmetRange[] = [];
  for (const slot of unmet) {
    const last = ranges.at(-1);
    const short = slot.required - slot.planned;
    if (
      last &&
      last.date === slot.date &&
      last.classId === slot.classId &&
      last.end === slot.start &&
      last.short === short &&
      last.reason === slot.reason
    )
      last.end = slot.start + SLOT_MINUTES;
    else
      ranges.push({
        date: slot.date,
        classId: slot.classId,
        start: slot.start,
        end: slot.start + SLOT_MINUTES,
        short,
        reason: slot.reason,
      });
  }
  return ranges;
}
