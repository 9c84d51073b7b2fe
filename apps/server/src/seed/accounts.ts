import type { Db } from '../db/client';
import { childUser, children, classes, companies, facilities, noteChildren, users } from '../db/schema';
import { addDays, fiscalYearOf, tokyoDate } from '@renraku/contract';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'hoiku-demo-2026';
export const DEMO_EMAILS = { main: 'hogosha@example.com', sub: 'sub@example.com' } as const;

export interface DemoIds {
  companies: { sakura: number; himawari: number };
  facilities: { sakura: number; himawari: number };
  classes: { sakuraHiyoko: number; himawariKirin: number };
  users: { main: number; sub: number };
  children: { haruto: number; yui: number; sota: number };
  noteChildren: { haruto: number; yui: number; sota: number };
}

/** Two companies with a facility each, three children, the two demo guardians (DESIGN §8). */
export async function seedAccounts(db: Db, now: Date): Promise<DemoIds> {
  const today = tokyoDate(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const [sakura, himawari] = await db
    .insert(companies)
    .values([{ name: '社会福祉法人さくら会' }, { name: '株式会社ひまわりキッズ' }])
    .returning({ id: companies.id });
  const [fSakura, fHimawari] = await db
    .insert(facilities)
    .values([
      { companyId: sakura!.id, name: 'さくら保育園' },
      { companyId: himawari!.id, name: 'ひまわりこども園' },
    ])
    .returning({ id: facilities.id });
  const [cHiyoko, cKirin] = await db
    .insert(classes)
    .values([
      { companyId: sakura!.id, facilityId: fSakura!.id, name: 'ひよこ組', fiscalYear: fiscalYearOf(today), ageBand: 1 },
      { companyId: himawari!.id, facilityId: fHimawari!.id, name: 'きりん組', fiscalYear: fiscalYearOf(today), ageBand: 4 },
    ])
    .returning({ id: classes.id });

  const [main, sub] = await db
    .insert(users)
    .values([
      { email: DEMO_EMAILS.main, passwordHash, name: '山田 花子', agreedAt: now, emailVerifiedAt: now },
      { email: DEMO_EMAILS.sub, passwordHash, name: '山田 太郎', agreedAt: now, emailVerifiedAt: now },
    ])
    .returning({ id: users.id });

  const [haruto, yui, sota] = await db
    .insert(children)
    .values([
      {
        companyId: sakura!.id,
        lastName: '山田',
        firstName: '陽翔',
        lastNameKana: 'やまだ',
        firstNameKana: 'はると',
        birth: addDays(today, -Math.round(365.25 * 3 + 40)),
        sex: 1,
        qrToken: randomToken(24),
      },
      {
        companyId: himawari!.id,
        lastName: '山田',
        firstName: '結衣',
        lastNameKana: 'やまだ',
        firstNameKana: 'ゆい',
        birth: addDays(today, -Math.round(365.25 * 5 + 100)),
        sex: 2,
        qrToken: randomToken(24),
      },
      {
        companyId: sakura!.id,
        lastName: '佐藤',
        firstName: '蒼太',
        lastNameKana: 'さとう',
        firstNameKana: 'そうた',
        birth: addDays(today, -Math.round(365.25 * 2 + 10)),
        sex: 1,
        // Shown on the class board and the entry grid (docs/decisions/day-allergies-on-tablet.md).
        allergies: '卵（加熱したものも除去）、乳',
        qrToken: randomToken(24),
      },
    ])
    .returning({ id: children.id });

  const [ncHaruto, ncYui, ncSota] = await db
    .insert(noteChildren)
    .values([
      {
        companyId: sakura!.id,
        childId: haruto!.id,
        facilityId: fSakura!.id,
        classId: cHiyoko!.id,
        admittedOn: addDays(today, -400),
      },
      {
        companyId: himawari!.id,
        childId: yui!.id,
        facilityId: fHimawari!.id,
        classId: cKirin!.id,
        admittedOn: addDays(today, -800),
      },
      {
        companyId: sakura!.id,
        childId: sota!.id,
        facilityId: fSakura!.id,
        classId: cHiyoko!.id,
        admittedOn: addDays(today, -200),
      },
    ])
    .returning({ id: noteChildren.id });

  await db.insert(childUser).values([
    // hogosha: main guardian of Haruto and Yui.
    {
      childId: haruto!.id,
      userId: main!.id,
      companyId: sakura!.id,
      type: 1,
      main: true,
      writable: true,
      activated: true,
      sortOrder: 0,
    },
    {
      childId: yui!.id,
      userId: main!.id,
      companyId: himawari!.id,
      type: 1,
      main: true,
      writable: true,
      activated: true,
      sortOrder: 1,
    },
    // sub: read-only co-guardian of Haruto, main guardian of Sota.
    {
      childId: haruto!.id,
      userId: sub!.id,
      companyId: sakura!.id,
      type: 0,
      main: false,
      writable: false,
      activated: true,
      sortOrder: 0,
      invitedBy: main!.id,
    },
    {
      childId: sota!.id,
      userId: sub!.id,
      companyId: sakura!.id,
      type: 6,
      main: true,
      writable: true,
      activated: true,
      sortOrder: 1,
    },
    // hogosha: invited by sub to Sota, not answered yet.
    {
      childId: sota!.id,
      userId: main!.id,
      companyId: sakura!.id,
      type: 6,
      main: false,
      writable: true,
      activated: null,
      sortOrder: 2,
      invitedBy: sub!.id,
    },
  ]);

  return {
    companies: { sakura: sakura!.id, himawari: himawari!.id },
    facilities: { sakura: fSakura!.id, himawari: fHimawari!.id },
    classes: { sakuraHiyoko: cHiyoko!.id, himawariKirin: cKirin!.id },
    users: { main: main!.id, sub: sub!.id },
    children: { haruto: haruto!.id, yui: yui!.id, sota: sota!.id },
    noteChildren: { haruto: ncHaruto!.id, yui: ncYui!.id, sota: ncSota!.id },
  };
}
