/**
 * A PIN session on a shared tablet (issue 30; docs/decisions/access-device-sessions.md): bound to the
 * tablet's facility (and class, on a class tablet) and to the day's work; every management call
 * answers 403 「この操作はパソコンからのサインインが必要です」 whoever unlocked it, a company admin
 * included. Every staff call of the contract is named here, so a new call must be classified.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import * as contract from '@renraku/contract';
import {
  emptyDailyNoteContent,
  getStaffMe,
  postAbsence,
  postFamiliesInformation,
  postStaffDevice,
  postStaffDevicePair,
  postStaffDeviceUnlock,
  staffMessages,
  staffNapsCsvPath,
  tokyoDate,
  tokyoTime,
  type Call,
} from '@renraku/contract';
import { auditLog, familyInformation, noteChildren, staffPins } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { eq } from 'drizzle-orm';
import { buildChild, buildClass, buildFacility, diseaseIdsByName, tinyJpeg } from './factories';
import { call, callRaw, type Agent } from './harness';
import { setupStaffWorld } from './staff-world';

const { t, w, as } = setupStaffWorld();
const db = () => t.db;
const today = tokyoDate(new Date());
const PIN = '2468';

/** The same company's second facility, where the company admin also works, with a class and a child. */
let other: { facilityId: number; classId: number; bookId: number };
/** A child of each class the tests work in. */
const childOf = new Map<number, number>();
/** A contact book of class A's child, one of class B's child. */
let ids: { bookA: number; reportA: number; bookB: number };

const staffCalls = (Object.entries(contract) as [string, unknown][])
  .filter(([, v]) => !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'response' in v)
  .filter(([, v]) => (v as Call).path.startsWith('/api/staff/'))
  .map(([name]) => name)
  .sort();

/** The tablet's own calls and the sign-in: not facility work (tested in staff-devices and staff-auth). */
const sessionCalls = [
  'getStaffDevice',
  'getStaffMe',
  'postStaffDeviceLock',
  'postStaffDevicePair',
  'postStaffDeviceUnlock',
  'postStaffLogin',
  'postStaffLoginTotp',
  'postStaffLogout',
  // The PIN pad's due nap checks: the device's own read (staff-naps-device.test.ts).
  'getStaffDeviceNapStatus',
];

/** The day's work of staff.md §4 and what its screens read: a PIN session holds these. */
const dayCalls = [
  'deleteStaffPhotoFile',
  'getStaffClassBoard',
  'getStaffClassDailyNotes',
  'getStaffClassGrowths',
  'getStaffClassNaps',
  'getStaffClassPhotos',
  'getStaffClasses',
  'getStaffFacility',
  'getStaffFacilityBanners',
  'getStaffFacilityDayVersion',
  'getStaffFacilityInbox',
  'getStaffManualBanner',
  'postStaffAttendanceReportConfirm',
  'postStaffClassDailyNotesApply',
  'postStaffClassDailyNotesPublish',
  'postStaffClassDailyNotesPublishClass',
  'postStaffClassNapEnd',
  'postStaffClassNapStart',
  'postStaffClassPhoto',
  'postStaffContactBookConfirm',
  'postStaffNapCheck',
  'putStaffChildAttendance',
  'putStaffClassDailyNoteDrafts',
  'putStaffClassGrowths',
  'putStaffClassNapSettings',
  'putStaffContactBookReply',
];

/**
 * Plans and diaries written on the class tablet (records.read/write; records-api.test.ts runs them
 * on a PIN session, records-phrases.test.ts the 文例 and records-print.test.ts the PDF).
 */
const recordsCalls = [
  'getStaffClassRecords',
  'getStaffRecord',
  'getStaffRecordPhrases',
  'postStaffClassRecord',
  'postStaffRecordReopen',
  'postStaffRecordSubmit',
  // A child's 経過記録 and 要録 on the class tablet (records-progress / records-yoroku tests run them on a PIN session).
  'getStaffRecordMaterial',
  'getStaffRecordSettings',
  'getStaffClassYoroku',
  'getStaffYorokuContext',
  'postStaffChildProgressRecord',
  'postStaffChildYoroku',
  'putStaffClassYorokuFocus',
  // The 全体的な計画 (a tablet: 404, not its class's) and a class's first 年間指導計画: records-plans.test.ts.
  'getStaffOverallPlan',
  'postStaffOverallPlan',
  'postStaffClassAnnualPlan',
];

/** The staffing calls a PIN session holds (`staffing.read`: the ratio, its room): tested in staffing-calls.test.ts and staffing-ratio-version.test.ts. */
const staffingCalls = [
  'getStaffRatioDay',
  'getStaffRatioNow',
  'getStaffRatioVersion',
  'getStaffStaffingSettings',
  'putStaffClassRoom',
];

/** Everything else manages people, devices, roles, facilities, 進級, the roster, notices or the audit log. */
const desktopCalls = staffCalls.filter(
  (name) =>
    !sessionCalls.includes(name) && !dayCalls.includes(name) && !recordsCalls.includes(name) && !staffingCalls.includes(name),
);

const fetchCall = (name: string) => (contract as unknown as Record<string, Call>)[name]!;
/** Any id for each path parameter: the tablet is refused before anything is looked up. */
const anyParams = (c: Call) => Object.fromEntries([...c.path.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p!, w.facilityId]));
const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;

beforeAll(async () => {
  const pinHash = await hashPassword(PIN);
  await db()
    .insert(staffPins)
    .values([w.staff.companyAdmin, w.staff.director, w.staff.classStaffA].map((s) => ({ userId: s.user.id, pinHash })));
  const second = await buildFacility(db(), { companyId: w.companyId, name: '第二園' });
  const klass = await buildClass(db(), { facilityId: second.id, name: 'ぱんだ組' });
  const child = await buildChild(db(), { facilityId: second.id });
  await db().update(noteChildren).set({ classId: klass.id }).where(eq(noteChildren.id, child.noteChild.id));
  const inB = await buildChild(db(), { facilityId: w.facilityId });
  await db().update(noteChildren).set({ classId: w.classB.id }).where(eq(noteChildren.id, inB.noteChild.id));
  const sent = { companyId: w.companyId, contactOn: today, message: '元気です', isSent: true, sentAt: new Date() };
  const [bookOther, bookB] = await db()
    .insert(familyInformation)
    .values([
      { ...sent, noteChildId: child.noteChild.id },
      { ...sent, noteChildId: inB.noteChild.id },
    ])
    .returning();
  other = { facilityId: second.id, classId: klass.id, bookId: bookOther!.id };
  childOf.set(w.classA.id, w.family.child.id).set(w.classB.id, inB.child.id).set(klass.id, child.child.id);
  const diseases = await diseaseIdsByName(db());
  const childId = w.family.child.id;
  const absence = await call(as.guardian, postAbsence, {
    params: { childId },
    body: { absenceType: 1, absenceDates: [today], diseases: [diseases['発熱']!], message: '熱があります' },
  });
  expect(absence.statusCode).toBe(200);
  const book = await call(as.guardian, postFamiliesInformation, {
    params: { childId },
    body: {
      sleepTime: '21:00',
      wakeTime: '07:00',
      bodyTemperature: '36.8',
      thermometryTime: '07:10',
      defecationName: '普通',
      defecationTime: '07:30',
      dinner: 'うどん',
      breakfast: 'パン',
      message: 'よろしくお願いします',
      isSent: true,
      contactOn: today,
      baseDate: today,
    },
  });
  expect(book.statusCode).toBe(200);
  const rows = await db().select().from(familyInformation).where(eq(familyInformation.noteChildId, w.family.noteChild.id));
  const reports = await t.db.query.attendanceReports.findMany();
  ids = { bookA: rows[0]!.id, reportA: reports.at(-1)!.id, bookB: bookB!.id };
}, 120_000);

/** A tablet of the facility (of class A when asked), paired and unlocked by `person`. */
async function unlockedTablet(person: { user: { id: number } }, classId: number | null) {
  const registered = await call(as.director, postStaffDevice, {
    params: { facilityId: w.facilityId },
    body: { name: '保育室タブレット', class_id: classId },
  });
  expect(registered.statusCode).toBe(201);
  const tablet = t.agent();
  expect((await call(tablet, postStaffDevicePair, { body: { code: registered.data.code } })).statusCode).toBe(200);
  const opened = await call(tablet, postStaffDeviceUnlock, { body: { user_id: person.user.id, pin: PIN } });
  expect(opened.statusCode).toBe(200);
  return tablet;
}

/** Every management call answers 403 with the message, before its input is read; nothing is written. */
async function expectDesktopOnly(tablet: Agent) {
  const before = await auditCount();
  const got: Record<string, [number, string]> = {};
  for (const name of desktopCalls) {
    const c = fetchCall(name);
    const res = await callRaw(tablet, c, { params: anyParams(c), body: {} });
    got[name] = [res.statusCode, res.json().message];
  }
  const expected = Object.fromEntries(desktopCalls.map((name) => [name, [403, staffMessages.desktopOnly]]));
  expect(got).toEqual(expected);
  for (const path of [
    contract.staffAuditCsvPath,
    contract.staffNoticeCsvPath,
    contract.staffSchedulePlanCsvPath,
    contract.staffBillingReceiptPdfPath,
  ]) {
    const res = await tablet.get(path.replace(/\{\w+\}/, String(w.facilityId)));
    expect([path, res.statusCode]).toEqual([path, 403]);
  }
  expect(await auditCount()).toBe(before);
}

/** The day's work of one class: every call answers 2xx (or 404 outside the tablet's scope). */
async function dayOfClass(tablet: Agent, classId: number) {
  const p = { classId };
  const child = childOf.get(classId)!;
  const photo = await callRaw(tablet, contract.postStaffClassPhoto, {
    params: p,
    multipart: [
      { name: 'date', value: today },
      { name: 'child_ids', value: '' },
      { name: 'to_class', value: 'true' },
      { name: 'upload_file', filename: 'a.jpg', data: await tinyJpeg() },
    ] as never,
  });
  const photoId = photo.statusCode < 300 ? (photo.json() as { id: number }).id : 2_000_000_000;
  const answers: Record<string, number> = {
    postStaffClassPhoto: photo.statusCode,
    getStaffClassBoard: (await call(tablet, contract.getStaffClassBoard, { params: p, query: {} })).statusCode,
    getStaffClassDailyNotes: (await call(tablet, contract.getStaffClassDailyNotes, { params: p, query: {} })).statusCode,
    getStaffClassGrowths: (await call(tablet, contract.getStaffClassGrowths, { params: p, query: {} })).statusCode,
    getStaffClassNaps: (await call(tablet, contract.getStaffClassNaps, { params: p, query: {} })).statusCode,
    getStaffClassPhotos: (await call(tablet, contract.getStaffClassPhotos, { params: p, query: {} })).statusCode,
    putStaffChildAttendance: (
      await callRaw(tablet, contract.putStaffChildAttendance, {
        params: p,
        // Arrived by now, whatever the hour the test runs (a nap check needs the child in the room: at
        // 00:20 Tokyo an arrival at 08:30 is still ahead, and the check answered 422).
        body: { date: today, child_id: child, arrived_at: tokyoTime(new Date()), picked_up_at: null },
      })
    ).statusCode,
    putStaffClassDailyNoteDrafts: (
      await call(tablet, contract.putStaffClassDailyNoteDrafts, {
        params: p,
        body: { date: today, drafts: [{ child_id: child, content: { ...emptyDailyNoteContent(), text: '砂場' } }] },
      })
    ).statusCode,
    postStaffClassDailyNotesPublish: (
      await call(tablet, contract.postStaffClassDailyNotesPublish, { params: p, body: { date: today, child_ids: [child] } })
    ).statusCode,
    postStaffClassDailyNotesApply: (
      await call(tablet, contract.postStaffClassDailyNotesApply, {
        params: p,
        body: {
          date: today,
          field: 'note',
          values: { ...emptyDailyNoteContent(), text: '元気に過ごしました' },
          overwrite: false,
        },
      })
    ).statusCode,
    postStaffClassDailyNotesPublishClass: (
      await call(tablet, contract.postStaffClassDailyNotesPublishClass, {
        params: p,
        body: { date: today, include_empty: false },
      })
    ).statusCode,
    putStaffClassGrowths: (
      await callRaw(tablet, contract.putStaffClassGrowths, {
        params: p,
        body: { date: today, rows: [{ child_id: child, height: 96, weight: 14.3, head: null, chest: null }] },
      })
    ).statusCode,
    putStaffClassNapSettings: (
      await call(tablet, contract.putStaffClassNapSettings, { params: p, body: { interval_minutes: 10 } })
    ).statusCode,
    postStaffClassNapStart: (await call(tablet, contract.postStaffClassNapStart, { params: p })).statusCode,
    postStaffNapCheck: (
      await call(tablet, contract.postStaffNapCheck, {
        params: p,
        body: { child_id: child, position: 'supine', breathing_ok: true },
      })
    ).statusCode,
    postStaffClassNapEnd: (await call(tablet, contract.postStaffClassNapEnd, { params: p })).statusCode,
    naps_csv: (await tablet.get(`${staffNapsCsvPath.replace('{classId}', String(classId))}?date=${today}`)).statusCode,
    deleteStaffPhotoFile: (await call(tablet, contract.deleteStaffPhotoFile, { params: { fileId: photoId } })).statusCode,
  };
  return answers;
}

/** The facility's day: inbox, fingerprint, the facility and its classes, banners (what guardians see). */
async function dayOfFacility(tablet: Agent, facilityId: number) {
  const p = { facilityId };
  return {
    getStaffClasses: (await call(tablet, contract.getStaffClasses, { params: p, query: {} })).statusCode,
    getStaffFacility: (await call(tablet, contract.getStaffFacility, { params: p, query: {} })).statusCode,
    getStaffFacilityBanners: (await call(tablet, contract.getStaffFacilityBanners, { params: p })).statusCode,
    getStaffFacilityDayVersion: (await call(tablet, contract.getStaffFacilityDayVersion, { params: p, query: {} })).statusCode,
    getStaffFacilityInbox: (await call(tablet, contract.getStaffFacilityInbox, { params: p, query: {} })).statusCode,
    getStaffManualBanner: (await call(tablet, contract.getStaffManualBanner, { params: p })).statusCode,
  };
}

const entry = async (tablet: Agent, bookId: number, reportId?: number) => ({
  postStaffContactBookConfirm: (await call(tablet, contract.postStaffContactBookConfirm, { params: { contactBookId: bookId } }))
    .statusCode,
  putStaffContactBookReply: (
    await call(tablet, contract.putStaffContactBookReply, { params: { contactBookId: bookId }, body: { text: '承知しました' } })
  ).statusCode,
  ...(reportId
    ? {
        postStaffAttendanceReportConfirm: (
          await call(tablet, contract.postStaffAttendanceReportConfirm, { params: { reportId } })
        ).statusCode,
      }
    : {}),
});

const all = (names: string[], status: number) => Object.fromEntries(names.map((n) => [n, status]));
const classDay = [
  'postStaffClassPhoto',
  'getStaffClassBoard',
  'getStaffClassDailyNotes',
  'getStaffClassGrowths',
  'getStaffClassNaps',
  'getStaffClassPhotos',
  'putStaffChildAttendance',
  'putStaffClassDailyNoteDrafts',
  'postStaffClassDailyNotesPublish',
  'postStaffClassDailyNotesApply',
  'postStaffClassDailyNotesPublishClass',
  'putStaffClassGrowths',
  'putStaffClassNapSettings',
  'postStaffClassNapStart',
  'postStaffNapCheck',
  'postStaffClassNapEnd',
  'naps_csv',
  'deleteStaffPhotoFile',
];
const facilityDay = Object.keys({
  getStaffClasses: 0,
  getStaffFacility: 0,
  getStaffFacilityBanners: 0,
  getStaffFacilityDayVersion: 0,
  getStaffFacilityInbox: 0,
  getStaffManualBanner: 0,
});
const okOf = (answers: Record<string, number>) =>
  Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v < 300 ? 200 : v]));

describe('every staff call is classified', () => {
  it('each call of the contract is a session, day or desktop call; the day list names real calls', () => {
    expect(
      [...sessionCalls, ...dayCalls, ...recordsCalls, ...staffingCalls].filter((name) => !staffCalls.includes(name)),
    ).toEqual([]);
    expect(desktopCalls.length + sessionCalls.length + dayCalls.length + recordsCalls.length + staffingCalls.length).toBe(
      staffCalls.length,
    );
    expect(
      [
        ...classDay.filter((n) => n !== 'naps_csv'),
        ...facilityDay,
        'postStaffContactBookConfirm',
        'putStaffContactBookReply',
        'postStaffAttendanceReportConfirm',
      ].sort(),
    ).toEqual(dayCalls);
  });
});

describe('a PIN session on a class tablet (class A), unlocked by the company admin', () => {
  let tablet: Agent;
  beforeAll(async () => {
    tablet = await unlockedTablet(w.staff.companyAdmin, w.classA.id);
  });

  it('refuses every management call with 403 and the message, whatever the input; nothing written', async () => {
    await expectDesktopOnly(tablet);
  });

  it('sees only the tablet’s facility: getStaffMe lists it alone', async () => {
    const me = await call(tablet, getStaffMe);
    expect(me.data.facilities.map((f) => f.id)).toEqual([w.facilityId]);
  });

  it('does the day’s work of its class: 200 on every call', async () => {
    expect(okOf(await dayOfClass(tablet, w.classA.id))).toEqual(all(classDay, 200));
    expect(okOf(await dayOfFacility(tablet, w.facilityId))).toEqual(all(facilityDay, 200));
    expect(okOf(await entry(tablet, ids.bookA, ids.reportA))).toEqual(
      all(['postStaffContactBookConfirm', 'putStaffContactBookReply', 'postStaffAttendanceReportConfirm'], 200),
    );
  });

  it('404 on another class of its facility and on the other facility (where the company admin works too)', async () => {
    expect(await dayOfClass(tablet, w.classB.id)).toEqual(all(classDay, 404));
    expect(await dayOfClass(tablet, other.classId)).toEqual(all(classDay, 404));
    expect(await dayOfFacility(tablet, other.facilityId)).toEqual(all(facilityDay, 404));
    expect(await entry(tablet, other.bookId)).toEqual(all(['postStaffContactBookConfirm', 'putStaffContactBookReply'], 404));
    const classB = await entry(tablet, ids.bookB);
    for (const status of Object.values(classB)) expect([403, 404]).toContain(status);
  });
});

describe('a PIN session on a facility-wide tablet, unlocked by the director', () => {
  let tablet: Agent;
  beforeAll(async () => {
    tablet = await unlockedTablet(w.staff.director, null);
  });

  it('refuses every management call', async () => {
    await expectDesktopOnly(tablet);
  });

  it('does the day’s work of every class of its facility, not of another facility', async () => {
    expect(okOf(await dayOfClass(tablet, w.classB.id))).toEqual(all(classDay, 200));
    expect(okOf(await entry(tablet, ids.bookB))).toEqual(all(['postStaffContactBookConfirm', 'putStaffContactBookReply'], 200));
    expect(await dayOfClass(tablet, other.classId)).toEqual(all(classDay, 404));
  });

  it('a class staff member on it writes only their own class (as on a desktop)', async () => {
    const mine = await unlockedTablet(w.staff.classStaffA, null);
    const res = await call(mine, contract.putStaffClassNapSettings, {
      params: { classId: w.classB.id },
      body: { interval_minutes: 10 },
    });
    expect(res.statusCode).toBe(403);
  });
});
