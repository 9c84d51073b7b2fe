/**
 * Issue 30: a schema-valid date broke a list for everyone. Every date and time of the contract is
 * bounded (docs/decisions/platform-date-ranges.md), and a stored row out of range never makes a
 * list unreadable (presented defensively).
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { getStaffFacilityBanners, postStaffChild, postStaffFacilityBanner, postStaffFacilityNotice } from '@renraku/contract';
import { feedBanners } from '../src/db/schema';
import { buildStaff } from './factories';
import { call, callRaw, setupApp } from './harness';

const t = setupApp();
const db = () => t.db;

const bannerCount = async (facilityId: number) =>
  (await db().select({ n: count() }).from(feedBanners).where(eq(feedBanners.facilityId, facilityId)))[0]!.n;

describe('issue 30: dates bounded in the contract', () => {
  it('a banner starting in the year 0020 or 9999 is refused with 422 in Japanese; nothing stored', async () => {
    const { user, facilityId } = await buildStaff(db(), { role: 'director' });
    const director = await t.signInStaff(user);
    const ok = { level: 'info', label: 'お知らせ', message: '本文', ends_at: null };
    for (const starts_at of ['0020-01-01T00:00:00Z', '9999-12-31T00:00:00+09:00', '1999-12-31T23:00:00Z']) {
      const res = await callRaw(director, postStaffFacilityBanner, { params: { facilityId }, body: { ...ok, starts_at } });
      expect(res.statusCode, starts_at).toBe(422);
      expect(res.json().errors.starts_at[0]).toMatch(/表示開始日時/);
    }
    const far = await callRaw(director, postStaffFacilityBanner, {
      params: { facilityId },
      body: { ...ok, starts_at: '2026-11-27T00:00:00Z', ends_at: '2201-01-01T00:00:00Z' },
    });
    expect(far.statusCode).toBe(422);
    expect(await bannerCount(facilityId)).toBe(0);
  });

  it('a notice released in 2150, a child born in 1850 or leaving in 2150 are refused; born in 1950 is a birth date', async () => {
    const { user, facilityId } = await buildStaff(db(), { role: 'director' });
    const director = await t.signInStaff(user);
    const notice = await callRaw(director, postStaffFacilityNotice, {
      params: { facilityId },
      body: {
        title: '題',
        text: '本文',
        audience: { kind: 'facility' },
        release: 'scheduled',
        release_at: '2150-01-01T00:00:00Z',
      },
    });
    expect(notice.statusCode).toBe(422);
    expect(notice.json().errors.release_at[0]).toMatch(/配信日時/);
    const child = {
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'やまだ',
      first_name_kana: 'はなこ',
      birth: '2023-05-12',
      sex: 2,
      admitted_on: '2024-04-01',
    };
    const born = await callRaw(director, postStaffChild, { params: { facilityId }, body: { ...child, birth: '1850-01-01' } });
    expect(born.statusCode).toBe(422);
    expect(born.json().errors.birth[0]).toMatch(/生年月日/);
    const leaving = await callRaw(director, postStaffChild, {
      params: { facilityId },
      body: { ...child, left_on: '2150-03-31' },
    });
    expect(leaving.statusCode).toBe(422);
    expect(leaving.json().errors.left_on[0]).toMatch(/退所日/);
    const old = await callRaw(director, postStaffChild, { params: { facilityId }, body: { ...child, birth: '1950-01-01' } });
    expect(old.statusCode).toBe(201);
  });

  it('a banner stored in the year 0020 (straight into the database) leaves the list readable for everyone', async () => {
    const { user, facilityId, companyId } = await buildStaff(db(), { role: 'director' });
    const director = await t.signInStaff(user);
    await db()
      .insert(feedBanners)
      .values([
        { companyId, facilityId, level: 'info', label: '古', message: '紀元20年', startsAt: new Date('0020-01-01T00:00:00Z') },
        { companyId, facilityId, level: 'info', label: '今', message: '表示中', startsAt: new Date(Date.now() - 3_600_000) },
      ]);
    const list = await call(director, getStaffFacilityBanners, { params: { facilityId } });
    expect(list.statusCode).toBe(200);
    // The row that cannot be read back is left out (and logged with its id); the others are shown.
    expect(list.data.map((b) => b.message)).toEqual(['表示中']);
  });
});
