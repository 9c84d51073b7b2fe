import { describe, expect, it } from 'vitest';
import { getChildrenExistence, getStaffChild, putStaffChild } from '@renraku/contract';
import { buildStaffWorld } from './factories';
import { call, setupApp } from './harness';

const t = setupApp();

/**
 * staff.md §3: the guardian app's "not admitted or left" state follows the enrolment dates staff
 * enter. The guardian's existence call is what the guardian app decides that state on.
 */
describe('enrolment dates entered by staff, as the guardian app sees them', () => {
  it('a 退所日 in the past or a 入所日 in the future closes the child to the guardian; restoring the dates opens it again', async () => {
    const world = await buildStaffWorld(t.db);
    const today = '2026-11-24';
    const director = await t.signInStaff(world.staff.director.user, { 'x-test-now': `${today}T01:00:00.000Z` });
    const guardian = await t.signIn(world.family.main, { 'x-test-now': `${today}T01:00:00.000Z` });
    const params = { childId: world.family.child.id };
    const record = (await call(director, getStaffChild, { params })).data;
    const body = {
      last_name: record.last_name,
      first_name: record.first_name,
      last_name_kana: record.last_name_kana,
      first_name_kana: record.first_name_kana,
      birth: record.birth,
      sex: record.sex,
      allergies: record.allergies,
      care_notes: record.care_notes,
      class_id: record.class_id,
      // (The factory's child was admitted before its birth date, which staff could not enter.)
      admitted_on: '2023-04-01',
      left_on: null,
    };
    const existence = async () => (await call(guardian, getChildrenExistence)).data.map((e) => e.child_id);
    expect((await call(director, putStaffChild, { params, body })).statusCode).toBe(200);
    expect(await existence()).toEqual([world.family.child.id]);

    expect((await call(director, putStaffChild, { params, body: { ...body, left_on: '2026-11-23' } })).statusCode).toBe(200);
    expect(await existence()).toEqual([]);

    expect(
      (await call(director, putStaffChild, { params, body: { ...body, admitted_on: '2026-12-01', left_on: null } })).statusCode,
    ).toBe(200);
    expect(await existence()).toEqual([]);

    expect((await call(director, putStaffChild, { params, body })).statusCode).toBe(200);
    expect(await existence()).toEqual([world.family.child.id]);
  });
});
