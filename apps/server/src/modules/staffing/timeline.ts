import type { ClockKind, ClockState } from '@renraku/contract';
import { ageBands, type AgeBand } from './ratio-table';
import { requiredForRoom, type RatioRules } from './ratio';

/*
 * Who is where, minute by minute (pure): children from the day's arrivals and pick-ups, staff from
 * their 打刻 and room moves. Both the live ratio and the day's slots read the same functions.
 */

export const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const END_OF_DAY = 24 * 60;

export interface ChildSpan {
  classId: number | null;
  band: AgeBand;
  /** Minutes of the day, [from, to). */
  from: number;
  to: number;
}

export interface StaffSpan {
  userId: number;
  name: string;
  /** At work (not on a break), [from, to) minutes. */
  spans: [number, number][];
  /** The membership's class, the room before any move. */
  defaultClassId: number | null;
  /** The day's moves, by time. */
  moves: { at: number; classId: number }[];
}

/**
 * The room a child without a class counts in (a child registered for 一時預かり only;
 * docs/decisions/billing-temporary-care.md): the 年度's first room of its age (a 4歳以上 child: a
 * 4・5歳児 room), else the first mixed-age room; none when the facility has neither.
 */
export function roomForUnclassed(band: AgeBand, rooms: readonly { id: number; ageBand: number | null }[]): number | null {
  const ofAge = rooms.find((room) => room.ageBand !== null && Math.min(room.ageBand, 4) === band);
  return (ofAge ?? rooms.find((room) => room.ageBand === null))?.id ?? null;
}

/** Children's spans with each child without a class placed in its room (`roomForUnclassed`). */
export const placeUnclassed = (spans: ChildSpan[], rooms: readonly { id: number; ageBand: number | null }[]): ChildSpan[] =>
  spans.map((span) => (span.classId !== null ? span : { ...span, classId: roomForUnclassed(span.band, rooms) }));

/** A day's valid entries, in time order, folded into the state at the end and the spans at work. */
export function workSpans(entries: readonly { kind: ClockKind; time: string }[], until: number) {
  const sorted = [...entries].sort((a, b) => minuteOf(a.time) - minuteOf(b.time));
  const spans: [number, number][] = [];
  let state: ClockState = 'off';
  let openedAt = 0;
  for (const entry of sorted) {
    const at = minuteOf(entry.time);
    if (entry.kind === 'in' && state === 'off') [state, openedAt] = ['working', at];
    else if (entry.kind === 'break_start' && state === 'working') {
      spans.push([openedAt, at]);
      state = 'on_break';
    } else if (entry.kind === 'break_end' && state === 'on_break') [state, openedAt] = ['working', at];
    else if (entry.kind === 'out' && (state === 'working' || state === 'on_break')) {
      if (state === 'working') spans.push([openedAt, at]);
      state = 'done';
    }
  }
  if (state === 'working' && openedAt < until) spans.push([openedAt, until]);
  return { state: state as ClockState, spans: spans.filter(([from, to]) => to > from) };
}

/** The next 打刻 allowed after a state, or the reason it is not (the message key). */
export function clockRefusal(state: ClockState, kind: ClockKind) {
  const allowed: Record<ClockKind, ClockState[]> = {
    in: ['off'],
    out: ['working'],
    break_start: ['working'],
    break_end: ['on_break'],
  };
  if (allowed[kind].includes(state)) return null;
  if (kind === 'in') return state === 'done' ? 'alreadyOut' : 'alreadyIn';
  if (state === 'off') return 'notIn';
  if (state === 'done') return 'alreadyOut';
  if (kind === 'break_end') return 'notOnBreak';
  return 'onBreak';
}

export const roomAt = (staff: StaffSpan, minute: number): number | null => {
  let room = staff.defaultClassId;
  for (const move of staff.moves) if (move.at <= minute) room = move.classId;
  return room;
};

const atWork = (staff: StaffSpan, minute: number) => staff.spans.some(([from, to]) => from <= minute && minute < to);

export interface RoomMinute {
  childrenByBand: number[];
  staff: StaffSpan[];
  required: number;
}

/** Every room's children by band, staff and required number at one minute. */
export function roomsAt(
  minute: number,
  roomIds: readonly number[],
  childSpans: readonly ChildSpan[],
  staffSpans: readonly StaffSpan[],
  rules: RatioRules,
): Map<number, RoomMinute> {
  const rooms = new Map<number, RoomMinute>(
    roomIds.map((id) => [id, { childrenByBand: ageBands.map(() => 0), staff: [], required: 0 }]),
  );
  for (const child of childSpans) {
    if (child.classId === null || child.from > minute || minute >= child.to) continue;
    const room = rooms.get(child.classId);
    if (room) room.childrenByBand[child.band]! += 1;
  }
  for (const person of staffSpans) {
    if (!atWork(person, minute)) continue;
    const id = roomAt(person, minute);
    if (id !== null) rooms.get(id)?.staff.push(person);
  }
  for (const room of rooms.values()) room.required = requiredForRoom(room.childrenByBand, rules);
  return rooms;
}

export const SLOT_MINUTES = 15;

/** The day's slots run from 07:00 to 19:00 unless a child or a staff member was there earlier or later. */
const DEFAULT_FROM = 7 * 60;
const DEFAULT_TO = 19 * 60;

export function slotRange(childSpans: readonly ChildSpan[], staffSpans: readonly StaffSpan[]) {
  const starts = [...childSpans.map((c) => c.from), ...staffSpans.flatMap((s) => s.spans.map(([from]) => from))];
  const ends = [...childSpans.map((c) => c.to), ...staffSpans.flatMap((s) => s.spans.map(([, to]) => to))];
  const from = Math.floor(Math.min(DEFAULT_FROM, ...starts) / SLOT_MINUTES) * SLOT_MINUTES;
  const to = Math.min(END_OF_DAY, Math.ceil(Math.max(DEFAULT_TO, ...ends) / SLOT_MINUTES) * SLOT_MINUTES);
  return { from, to };
}

export interface SlotResult {
  start: string;
  children: number;
  staff: number;
  required: number;
  short: boolean;
}

/**
 * Per room and 15-minute slot: every minute is checked (does the ratio hold at every moment?); a
 * slot shows its worst minute (the largest shortfall, else the most children).
 */
export function daySlots(
  from: number,
  to: number,
  roomIds: readonly number[],
  childSpans: readonly ChildSpan[],
  staffSpans: readonly StaffSpan[],
  rules: RatioRules,
): { starts: string[]; byRoom: Map<number, SlotResult[]> } {
  const starts: string[] = [];
  const byRoom = new Map<number, SlotResult[]>(roomIds.map((id) => [id, []]));
  for (let slot = from; slot < to; slot += SLOT_MINUTES) {
    starts.push(hhmmOf(slot));
    const worst = new Map<number, { gap: number; children: number; staff: number; required: number }>();
    for (let minute = slot; minute < Math.min(slot + SLOT_MINUTES, to); minute++) {
      for (const [id, room] of roomsAt(minute, roomIds, childSpans, staffSpans, rules)) {
        const children = room.childrenByBand.reduce((a, b) => a + b, 0);
        const gap = room.required - room.staff.length;
        const seen = worst.get(id);
        if (!seen || gap > seen.gap || (gap === seen.gap && children > seen.children))
          worst.set(id, { gap, children, staff: room.staff.length, required: room.required });
      }
    }
    for (const id of roomIds) {
      const w = worst.get(id)!;
      byRoom.get(id)!.push({ start: hhmmOf(slot), children: w.children, staff: w.staff, required: w.required, short: w.gap > 0 });
    }
  }
  return { starts, byRoom };
}
