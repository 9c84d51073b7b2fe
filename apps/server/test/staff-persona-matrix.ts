import { expect } from 'vitest';
import type { Agent, StaffPersona } from './harness';

/** Every caller of staff.md §7, in the order a matrix sends them. */
export const personas: StaffPersona[] = [
  'companyAdmin',
  'director',
  'office',
  'classStaffA',
  'classStaffB',
  'otherFacility',
  'ended',
  'guardian',
  'anonymous',
];

/** The expected statuses of a staff call: members by role, then the ones it does not exist for. */
export const statuses = (ok: number, { office, classStaff }: { office: number; classStaff: number }) => ({
  companyAdmin: ok,
  director: ok,
  office,
  classStaffA: classStaff,
  classStaffB: classStaff,
  otherFacility: 404,
  // An ended membership's session is refused as a whole (issue 30): signed out.
  ended: 401,
  guardian: 401,
  anonymous: 401,
});
/** Every member reads. */
export const readAll = statuses(200, { office: 200, classStaff: 200 });
/** Roster writes: directors, office and company admins; class staff read only. */
export const rosterWrite = (ok: number) => statuses(ok, { office: ok, classStaff: 403 });
/** Facility setup: directors and company admins only. */
export const setupOnly = (ok: number) => statuses(ok, { office: 403, classStaff: 403 });

/** Sends one request per persona and compares every status at once (a failure shows the whole row). */
export async function expectMatrix(
  agents: Record<StaffPersona, Agent>,
  expected: Record<StaffPersona, number>,
  send: (agent: Agent, persona: StaffPersona, index: number) => Promise<{ statusCode: number }>,
) {
  const got: Record<string, number> = {};
  for (const [index, persona] of personas.entries()) got[persona] = (await send(agents[persona], persona, index)).statusCode;
  expect(got).toEqual(expected);
}

/** A 422 in Japanese whose `errors` name the field (and hold the message when given). */
export function expectInvalid(
  res: { statusCode: number; json: () => { message: string; errors?: Record<string, string[]> } },
  field: string,
  message?: string,
) {
  expect(res.statusCode).toBe(422);
  const body = res.json();
  expect(body.message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
  expect(Object.keys(body.errors ?? {})).toContain(field);
  if (message) expect(body.errors![field]).toContain(message);
}
