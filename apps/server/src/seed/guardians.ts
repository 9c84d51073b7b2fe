import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { functionKeys } from '@renraku/contract';
import type { SeedContext } from './context';
import { childRegistrationTokens, children, facilityFunctions, invitations, noteChildren, users } from '../db/schema';
import { addDays, tokyoDate } from '@renraku/contract';
import { randomToken, sha256 } from '../lib/crypto';
import { storeImage } from '../lib/images';

/** The registration URL of the unlinked demo child: /children/register/{company id}/{this token}, birth date below. */
export const DEMO_REGISTRATION = { token: 'demo-sakura-2026', birth: '2023-05-12' } as const;

/** A small portrait-like picture: a coloured background with a face-ish circle (no downloads). */
export async function demoPhoto(background: string, face: string, initial: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
    <rect width="480" height="480" fill="${background}"/>
    <circle cx="240" cy="200" r="110" fill="${face}"/>
    <circle cx="200" cy="185" r="12" fill="#333"/><circle cx="280" cy="185" r="12" fill="#333"/>
    <path d="M195 240 Q240 280 285 240" stroke="#333" stroke-width="10" fill="none" stroke-linecap="round"/>
    <rect x="110" y="330" width="260" height="150" rx="60" fill="#ffffff" opacity="0.85"/>
    <text x="240" y="430" font-size="64" text-anchor="middle" fill="#555" font-family="sans-serif">${initial}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Demo content of the children and guardians areas (DESIGN §8): photos of the children and the
 * guardians, every function on at both facilities, the pending invitation's record, and an
 * unlinked child with a registration URL.
 */
export async function seedGuardians({ db, ids, now, storage }: SeedContext): Promise<void> {
  const today = tokyoDate(now);
  await db.insert(facilityFunctions).values(
    [ids.facilities.sakura, ids.facilities.himawari].flatMap((facilityId) =>
      functionKeys.map((functionKey) => ({
        facilityId,
        companyId: facilityId === ids.facilities.sakura ? ids.companies.sakura : ids.companies.himawari,
        functionKey,
        enabled: true,
      })),
    ),
  );

  const photos: [number, string, string, string][] = [
    [ids.children.haruto, '#bfe3f5', '#ffe0bd', 'H'],
    [ids.children.yui, '#f9d3e0', '#ffe0bd', 'Y'],
    [ids.children.sota, '#d4edc9', '#f6d7b0', 'S'],
  ];
  for (const [childId, background, face, initial] of photos) {
    const key = await storeImage(storage, `children/demo/${childId}`, await demoPhoto(background, face, initial));
    await db.update(children).set({ imageKey: key }).where(eq(children.id, childId));
  }
  for (const [userId, background, initial] of [
    [ids.users.main, '#fde8c8', 'H'],
    [ids.users.sub, '#dbe4f3', 'T'],
  ] as const) {
    const key = await storeImage(storage, `users/${userId}`, await demoPhoto(background, '#f3d2b0', initial));
    await db.update(users).set({ imageKey: key }).where(eq(users.id, userId));
  }

  // The record behind hogosha's pending invitation to Sota (sent by sub three days ago).
  await db.insert(invitations).values({
    companyId: ids.companies.sakura,
    childId: ids.children.sota,
    email: 'hogosha@example.com',
    type: 6,
    writable: true,
    tokenHash: sha256(randomToken(32)),
    invitedBy: ids.users.sub,
    userId: ids.users.main,
    createdAt: new Date(now.getTime() - 3 * 86_400_000),
    expiresAt: new Date(now.getTime() + 4 * 86_400_000),
  });

  // An enrolled child nobody has registered yet, with the facility's registration URL.
  const [sakuraChild] = await db
    .insert(children)
    .values({
      companyId: ids.companies.sakura,
      lastName: '鈴木',
      firstName: '咲良',
      lastNameKana: 'すずき',
      firstNameKana: 'さくら',
      birth: DEMO_REGISTRATION.birth,
      sex: 2,
      qrToken: randomToken(24),
    })
    .returning({ id: children.id });
  await db.insert(noteChildren).values({
    companyId: ids.companies.sakura,
    childId: sakuraChild!.id,
    facilityId: ids.facilities.sakura,
    classId: ids.classes.sakuraHiyoko,
    admittedOn: addDays(today, -30),
  });
  await db.insert(childRegistrationTokens).values({
    companyId: ids.companies.sakura,
    childId: sakuraChild!.id,
    tokenHash: sha256(DEMO_REGISTRATION.token),
    expiresAt: new Date(now.getTime() + 365 * 86_400_000),
  });
}
