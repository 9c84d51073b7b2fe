import { fiscalYearOf, tokyoDate } from '@renraku/contract';
import {
  devicePairingCodes,
  devices,
  pickupPersons,
  staffMembershipClasses,
  staffMemberships,
  staffPins,
  users,
} from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { storeImage } from '../lib/images';
import { DEMO_PASSWORD } from './accounts';
import { demoPhoto } from './guardians';
import type { SeedContext } from './context';

export const DEMO_STAFF_EMAILS = {
  admin: 'houjin@example.com',
  director: 'enchou@example.com',
  classStaff: 'hoikushi@example.com',
  /** ひまわりこども園's director: the other company's notices are hers (seed/notices.ts). */
  himawariDirector: 'himawari-enchou@example.com',
} as const;
/** The demo staff's tablet PIN (README). */
export const DEMO_STAFF_PIN = '1234';
/**
 * The demo's pairing code (README): pairs one browser as さくら保育園's お試しタブレット, once, for a
 * year from seeding. Real codes are random and live 10 minutes; this one exists in the demo only.
 */
export const DEMO_PAIRING_CODE = '20262026';
/** The demo gate kiosk's pairing code (README): pairs one browser as さくら保育園's ゲート（登降園）用 tablet. */
export const DEMO_KIOSK_PAIRING_CODE = '19191919';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The staff of さくら保育園 (staff.md §7): a company admin of さくら会, the director, and a 保育士 of
 * ひよこ組; 2FA offered, not forced, in the demo (README).
 */
export async function seedStaff({ db, ids, now, storage }: SeedContext) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const pinHash = await hashPassword(DEMO_STAFF_PIN);
  // Since the April of the previous fiscal year: they have worked here for a while.
  const since = `${fiscalYearOf(tokyoDate(now)) - 1}-04-01`;
  const [admin, director, classStaff, himawariDirector] = await db
    .insert(users)
    .values([
      { email: DEMO_STAFF_EMAILS.admin, passwordHash, name: '桜井 法子', agreedAt: now, emailVerifiedAt: now },
      { email: DEMO_STAFF_EMAILS.director, passwordHash, name: '佐藤 園子', agreedAt: now, emailVerifiedAt: now },
      { email: DEMO_STAFF_EMAILS.classStaff, passwordHash, name: '田中 保美', agreedAt: now, emailVerifiedAt: now },
      { email: DEMO_STAFF_EMAILS.himawariDirector, passwordHash, name: '日向 葵', agreedAt: now, emailVerifiedAt: now },
    ])
    .returning({ id: users.id });
  const company = ids.companies.sakura;
  const facility = ids.facilities.sakura;
  const [, , staffMembership] = await db
    .insert(staffMemberships)
    .values([
      { companyId: company, facilityId: null, userId: admin!.id, role: 'company_admin', validFrom: since },
      { companyId: company, facilityId: facility, userId: director!.id, role: 'director', validFrom: since },
      { companyId: company, facilityId: facility, userId: classStaff!.id, role: 'class_staff', validFrom: since },
      {
        companyId: ids.companies.himawari,
        facilityId: ids.facilities.himawari,
        userId: himawariDirector!.id,
        role: 'director',
        validFrom: since,
      },
    ])
    .returning({ id: staffMemberships.id });
  await db.insert(staffMembershipClasses).values({ membershipId: staffMembership!.id, classId: ids.classes.sakuraHiyoko });
  await db.insert(staffPins).values([
    { userId: director!.id, pinHash },
    { userId: classStaff!.id, pinHash },
  ]);
  // ひよこ組's tablet, paired by the director a week ago (its credential is held by no browser of the
  // demo), and a tablet registered and waiting for the README's fixed code.
  const [, trial, kiosk, kioskTrial] = await db
    .insert(devices)
    .values([
      {
        companyId: company,
        facilityId: facility,
        classId: ids.classes.sakuraHiyoko,
        name: 'ひよこ組タブレット',
        credentialHash: sha256(randomToken()),
        pairedBy: director!.id,
        pairedAt: new Date(now.getTime() - 7 * DAY_MS),
        lastSeenAt: new Date(now.getTime() - 60 * 60 * 1000),
      },
      {
        companyId: company,
        facilityId: facility,
        classId: ids.classes.sakuraHiyoko,
        name: 'お試しタブレット',
        pairedBy: director!.id,
      },
      // The gate kiosk (staff.md §6) that took this morning's arrivals (seed/kiosk.ts), its clock
      // 3 minutes behind (the devices screen warns), and one waiting for the README's kiosk code.
      {
        companyId: company,
        facilityId: facility,
        name: 'ゲートタブレット',
        purpose: 'kiosk',
        credentialHash: sha256(randomToken()),
        pairedBy: director!.id,
        pairedAt: new Date(now.getTime() - 14 * DAY_MS),
        lastSeenAt: new Date(now.getTime() - 5 * 60 * 1000),
        clockSkewMs: 3 * 60 * 1000 + 12_000,
        lastSyncedAt: new Date(now.getTime() - 5 * 60 * 1000),
      },
      { companyId: company, facilityId: facility, name: 'ゲート お試しタブレット', purpose: 'kiosk', pairedBy: director!.id },
    ])
    .returning({ id: devices.id });
  await db.insert(devicePairingCodes).values([
    { deviceId: trial!.id, codeHash: sha256(DEMO_PAIRING_CODE), expiresAt: new Date(now.getTime() + 365 * DAY_MS) },
    { deviceId: kioskTrial!.id, codeHash: sha256(DEMO_KIOSK_PAIRING_CODE), expiresAt: new Date(now.getTime() + 365 * DAY_MS) },
  ]);
  // 陽翔's お迎え登録者: his grandmother (registered by the director) and an uncle the main guardian
  // proposed, both with a photo, so that staff see the approval flow (承認 / 却下) with real content.
  const pickupPhoto = (background: string, initial: string) =>
    demoPhoto(background, '#f1d3b3', initial).then((bytes) =>
      storeImage(storage, `pickup/${company}/${ids.children.haruto}`, bytes),
    );
  await db.insert(pickupPersons).values([
    {
      companyId: company,
      childId: ids.children.haruto,
      name: '山田 和子',
      relation: '祖母',
      phone: '090-1111-2222',
      imageKey: await pickupPhoto('#e8def5', 'K'),
      createdBy: director!.id,
      approvedBy: director!.id,
    },
    {
      companyId: company,
      childId: ids.children.haruto,
      name: '山田 健一',
      relation: '叔父',
      phone: '080-3333-4444',
      imageKey: await pickupPhoto('#dcefe4', 'K'),
      status: 'proposed',
      createdBy: ids.users.main,
    },
  ]);
  return {
    admin: admin!.id,
    director: director!.id,
    classStaff: classStaff!.id,
    himawariDirector: himawariDirector!.id,
    kioskDevice: kiosk!.id,
  };
}
