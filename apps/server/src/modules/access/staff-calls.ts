import { staffMessages, type Call } from '@renraku/contract';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { fastifyPath, type App } from '../../lib/route';
import { deviceKindOf, deviceKinds, type DeviceKind } from '../../lib/device-kinds';
import { loadStaffSession, STAFF_SESSION_COOKIE } from '../../lib/staff-sessions';
import { byDeviceAction, type DeviceCallAction } from './devices';
import { byAction } from './staff-call-list';

export { byAction };

/**
 * The staff calls' catalogue (DESIGN §3.2, docs/decisions/access-device-sessions.md): every staff
 * call names its action here, and each action says which device kinds' PIN sessions hold it (`devices`:
 * a class tablet's, or none; a gate kiosk opens no PIN session, lib/device-kinds.ts). The calls a
 * device makes on its cookie alone (the PIN pad, the gate kiosk) are in devices.ts' catalogue.
 * A PIN session is a 4-digit sign-in on a device anyone in the room can touch: it holds the day's
 * work of staff.md §4 and what its screens read, nothing that manages people, devices, roles,
 * facilities, 進級, the roster, notices, the audit log or the company. Who among the members may do
 * an action is the role's business (`staffMayDo`, in the handler); where a PIN session works (its
 * tablet's facility and class) is `staffFacilities`'.
 */
const pin = ['class_tablet'] as const;
const none = [] as const;

export const staffCallActions = {
  session: { devices: pin, what: 'sign-in, sign-out, the caller, pairing a tablet (its PIN pad: the device calls below)' },
  'facility.read': { devices: pin, what: 'the facility, its classes, the banners its guardians see' },
  'day.read': { devices: pin, what: 'inbox, class board, entry grid, photos, growth session, nap checks and their sheet' },
  'day.write': { devices: pin, what: 'the same day’s entries, 確認 and replies (the class’s writers only)' },
  'roster.read': { devices: none, what: 'children’s records, guardians and pick-up persons' },
  'roster.write': { devices: none, what: 'children, enrolments, import, registration links, guardians’ links, pick-up persons' },
  'notice.compose': { devices: none, what: 'notices, their files, tracking, reminders and CSV' },
  'event.compose': { devices: none, what: 'the facility’s and classes’ events' },
  'schedule.manage': { devices: none, what: 'schedule windows, reminders, the month’s plan and CSV' },
  'facility.setup': { devices: none, what: 'profile, closed days, functions, banners, classes, 進級' },
  'staff.manage': { devices: none, what: 'memberships, invitations, the 主任 mark, PIN resets' },
  'device.manage': { devices: none, what: 'registering, listing and revoking tablets' },
  'audit.read': { devices: none, what: 'the audit log and its CSV' },
  'company.manage': { devices: none, what: 'new facilities and the company roll-up' },
  'account.secure': { devices: none, what: 'one’s own PIN, 2FA and 職員QR' },
  // Plans and records (records.md §7): 保育士 write on the class tablet too; approving is the desktop's.
  'records.read': {
    devices: pin,
    what: 'a class’s plans and diaries of a month, the facility’s 全体的な計画 of a 年度, a document, its PDF, the co-editing socket (reading)',
  },
  'records.write': {
    devices: pin,
    what: 'opening a new 月案 or 日誌, a class’s 年間指導計画 or (園長, 法人管理者) the 全体的な計画, typing on the socket, 提出, a corrected version',
  },
  'records.approve': { devices: none, what: '承認 and 差し戻し of plans and diaries (園長, 主任)' },
  'records.phrases': { devices: none, what: 'adding and removing a facility’s 文例 (園長, 主任)' },
  'records.child': {
    devices: none,
    what: 'a child’s 児童票 (roster facts, health, contacts): reading it, its PDF and writing its own fields; the 期 settings',
  },
  'records.admission': {
    devices: none,
    what: 'the 入所に関する記録 of a class’s 要録, read-only, for the roster (every member, the 事務 too; not the 保育に関する記録)',
  },
  'records.templates': {
    devices: none,
    what: 'the facility’s templates of plans and records and the fiscal-year rollover of the 全体的な計画 and 年間指導計画 (園長, 法人管理者)',
  },
  'records.export': {
    devices: none,
    what: 'a class’s 保育所児童保育要録 as one ZIP of PDFs, to send to the 小学校; a class’s 年度 of plans and records as one ZIP for an inspection, streamed or built in the background and downloaded (園長, 主任)',
  },
  'billing.manage': {
    devices: none,
    what: 'fee rules, paper 実費 consents and withdrawals, children’s billing attributes, the month’s drafts, adjustments, 確定, payments at the office, accounts, 口座振替 files',
  },
  'staffing.read': { devices: pin, what: 'the ratio now and the day’s slots, the staffing settings; moving into a room' },
  'staffing.clock': {
    devices: none,
    what: 'one’s own 打刻 (出勤, 退勤, 休憩), 希望休; the shift patterns and one’s published month',
  },
  'staffing.correct': {
    devices: none,
    what: 'the day’s 打刻 of every staff member, corrections with a reason, the settings, shift patterns, the month’s table and its generated draft',
  },
  'staffing.export': { devices: none, what: 'the month’s 勤務実績 CSV' },
  'staffing.conditions': { devices: none, what: 'a member’s 勤務条件: 園長, 法人管理者 save; 主任 reads; 保育士 her own' },
  'staffing.report': {
    devices: none,
    what: 'the month’s report: short slots, the FAQ headcount, the 1歳児配置改善加算 self-check, its CSV (園長, 法人管理者, 主任, 事務)',
  },
} as const satisfies Record<string, { devices: readonly DeviceKind[]; what: string }>;

export type StaffCallAction = keyof typeof staffCallActions;

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
const routesOf = <A extends string>(catalogue: Record<A, readonly (Call | string)[]>) =>
  (Object.entries(catalogue) as [A, readonly (Call | string)[]][]).flatMap(([action, calls]) =>
    calls.map(
      (c) => [typeof c === 'string' ? keyOf('GET', fastifyPath(c)) : keyOf(c.method, fastifyPath(c.path)), action] as const,
    ),
  );

const actionByRoute = new Map<string, StaffCallAction | DeviceCallAction>([...routesOf(byAction), ...routesOf(byDeviceAction)]);

const isStaffCallAction = (action: string): action is StaffCallAction => action in staffCallActions;

/**
 * The action of a staff route (`GET /api/staff/classes/:classId/board`), undefined if it has none;
 * a device call's (`GET /api/staff/device`) is from devices.ts' catalogue.
 */
export const staffCallAction = (method: string, url: string): StaffCallAction | DeviceCallAction | undefined =>
  actionByRoute.get(keyOf(method, url));

/**
 * Whether a staff session holds the action: a desktop sign-in every action (the role decides the
 * rest), a PIN session those its device's kind holds; one whose device is unknown none (fail closed).
 */
export const sessionMayDo = (
  action: StaffCallAction,
  session: { deviceId: number | null; device?: { purpose: string } | null },
): boolean =>
  session.deviceId === null ||
  (!!session.device && (staffCallActions[action].devices as readonly DeviceKind[]).includes(deviceKindOf(session.device)));

/** The kinds that open PIN sessions: an action all of them hold needs no look at the session. */
const pinSessionKinds = (Object.keys(deviceKinds) as DeviceKind[]).filter((k) => deviceKinds[k].pinSession);
const heldByEveryPinSession = (action: StaffCallAction) =>
  pinSessionKinds.every((k) => (staffCallActions[action].devices as readonly DeviceKind[]).includes(k));

/**
 * The catalogue at work: a staff route without an action cannot be registered (the server does not
 * start), and a PIN session calling an action it does not hold gets 403 before its input is read.
 * A device call is refused by `authorizeDevice` in its route's authentication (devices.ts).
 */
export function staffCallGate(app: App, ctx: AppContext) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/staff/')) return;
    for (const method of [route.method].flat()) {
      if (!staffCallAction(method, route.url))
        throw new Error(`staff call without an action in access/staff-call-list.ts: ${method} ${route.url}`);
    }
  });
  app.addHook('preValidation', async (req) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/staff/')) return;
    const action = staffCallAction(req.method, url);
    if (!action || !isStaffCallAction(action) || heldByEveryPinSession(action)) return;
    // The CSV downloads look their session up in the handler: here it is read once more, without sliding it.
    const session =
      req.staffSession ?? (req.cookies[STAFF_SESSION_COOKIE] ? await loadStaffSession(ctx.db, req, req.now, false) : null);
    if (session && !sessionMayDo(action, session)) throw forbidden(staffMessages.desktopOnly);
  });
}
