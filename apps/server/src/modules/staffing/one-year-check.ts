import { ictFunctionKeys, ictFunctionLabels, type RatioMonth } from '@renraku/contract';
import type { RatioRules } from './ratio';
import { daySlots, hhmmOf, SLOT_MINUTES, type ChildSpan, type StaffSpan } from './timeline';

/*
 * The 1歳児配置改善加算 self-check (staffing.md §4; docs/decisions/staffing-report.md), pure: 1歳 at
 * 5 : 1 in every 15-minute slot of the month (the live check's room rule with the 加算's ratios, in
 * the room-slots where a 1歳 child was present), and the ICT functions in use (登降園管理 and one
 * more). Checked against an oracle in staffing-report.test.ts.
 */

export interface CheckDay {
  date: string;
  rooms: readonly { id: number; name: string }[];
  children: readonly ChildSpan[];
  staff: readonly StaffSpan[];
  /** The day's rules with the 加算 applied (1歳 at 5 : 1). */
  rules: RatioRules;
  /** The slots counted: [from, to) minutes. */
  from: number;
  to: number;
}

export type OneYearShort = RatioMonth['one_year_check']['short_slots'][number];

/** Of a day's room-slots, those with a 1歳 child present (checked) and those short at 5 : 1. */
export function oneYearSlots(day: CheckDay): { checked: number; short: OneYearShort[] } {
  const ids = day.rooms.map((r) => r.id);
  const { byRoom } = daySlots(day.from, day.to, ids, day.children, day.staff, day.rules);
  let checked = 0;
  const short: OneYearShort[] = [];
  for (const room of day.rooms) {
    const ones = day.children.filter((c) => c.classId === room.id && c.band === 1);
    byRoom.get(room.id)!.forEach((slot, i) => {
      const start = day.from + i * SLOT_MINUTES;
      const end = Math.min(start + SLOT_MINUTES, day.to);
      if (!ones.some((c) => c.from < end && c.to > start)) return;
      checked += 1;
      if (slot.short)
        short.push({
          date: day.date,
          class_id: room.id,
          name: room.name,
          start: hhmmOf(start),
          children: slot.children,
          staff: slot.staff,
          required: slot.required,
        });
    });
  }
  return { checked, short };
}

export type IctCounts = Record<(typeof ictFunctionKeys)[number], number>;

const slotLabel = (s: OneYearShort) => `${Number(s.date.slice(5, 7))}/${Number(s.date.slice(8))} ${s.name} ${s.start}`;

/** The conditions with their figures, and whether all are met. */
export function oneYearConditions(input: {
  applicable: boolean;
  checked: number;
  short: readonly OneYearShort[];
  ict: IctCounts;
}): Pick<RatioMonth['one_year_check'], 'met' | 'conditions' | 'ict'> {
  const ict = ictFunctionKeys.map((key) => ({ key, label: ictFunctionLabels[key], count: input.ict[key] }));
  const others = ict.filter((f) => f.key !== 'attendance' && f.count > 0);
  const first = input.short[0];
  const conditions: RatioMonth['one_year_check']['conditions'] = [
    {
      key: 'one_year_ratio',
      label: '1歳児を5:1で配置（全ての日の15分ごと）',
      met: input.short.length === 0,
      figures:
        input.checked === 0
          ? '1歳児のいる時間帯はありません'
          : `1歳児のいる${input.checked}枠のうち不足 ${input.short.length}枠` +
            (first
              ? `（${slotLabel(first)} ${first.staff}人／必要${first.required}人${input.short.length > 1 ? ' ほか' : ''}）`
              : ''),
    },
    {
      key: 'ict_attendance',
      label: 'ICTの活用：登降園管理',
      met: input.ict.attendance > 0,
      figures: `登降園の記録 ${input.ict.attendance}件`,
    },
    {
      key: 'ict_other',
      label: 'ICTの活用：登降園管理のほか1つ以上の機能',
      met: others.length > 0,
      figures: others.length > 0 ? others.map((f) => `${f.label} ${f.count}件`).join('・') : 'ほかの機能の記録はありません',
    },
  ];
  return { met: input.applicable && conditions.every((c) => c.met), conditions, ict };
}
