import { events } from '../db/schema';
import { addDays, tokyoDate } from '@renraku/contract';
import { addMonths, weekdayOf } from '@renraku/contract';
import { holidayOf } from '../modules/events/service';
import type { SeedContext } from './context';

/** Demo content of the events area (DESIGN §8): last month to two months ahead at both facilities. */
export async function seedEvents({ db, ids, now }: SeedContext): Promise<void> {
  const month = tokyoDate(now).slice(0, 7);
  // Facilities hold events on open days: a weekend or holiday date moves to the next weekday.
  const on = (offset: number, day: number) => {
    let date = `${addMonths(month, offset)}-${String(day).padStart(2, '0')}`;
    while (['土', '日'].includes(weekdayOf(date)) || holidayOf(date)) date = addDays(date, 1);
    return date;
  };
  const sakura = { companyId: ids.companies.sakura, facilityId: ids.facilities.sakura };
  const himawari = { companyId: ids.companies.himawari, facilityId: ids.facilities.himawari };
  const hiyoko = { ...sakura, classId: ids.classes.sakuraHiyoko };
  const kirin = { ...himawari, classId: ids.classes.himawariKirin };
  const rows: (typeof events.$inferInsert)[] = [];
  for (const offset of [-1, 0, 1, 2]) {
    rows.push(
      { ...sakura, date: on(offset, 1), name: '身体測定' },
      { ...sakura, date: on(offset, 8), name: '避難訓練' },
      { ...hiyoko, date: on(offset, 12), name: 'ひよこ組 おさんぽ遠足' },
      { ...sakura, date: on(offset, 18), name: 'お誕生日会' },
      { ...sakura, date: on(offset, 25), name: '保育参観' },
      { ...himawari, date: on(offset, 3), name: '身体測定' },
      { ...himawari, date: on(offset, 10), name: '避難訓練' },
      { ...kirin, date: on(offset, 15), name: 'きりん組 クッキング' },
      { ...himawari, date: on(offset, 20), name: 'お誕生日会' },
      { ...himawari, date: on(offset, 27), name: '英語で遊ぼう' },
    );
  }
  rows.push(
    { ...sakura, date: on(0, 18), name: '園内研修のため午後休園' },
    { ...sakura, date: on(1, 14), name: '運動会' },
    { ...himawari, date: on(1, 22), name: '生活発表会' },
    { ...hiyoko, date: on(2, 5), name: '個人面談' },
  );
  await db.insert(events).values(rows);
}
