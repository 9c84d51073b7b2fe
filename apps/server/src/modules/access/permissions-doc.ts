import { staffRoleLabels, staffRoles, type Call } from '@renraku/contract';
import { deviceKinds, type DeviceKind } from '../../lib/device-kinds';
import { byDeviceAction, deviceCallActions, type DeviceCallAction } from './devices';
import { byAction, staffCallActions, type StaffCallAction } from './staff-calls';
import { roleActions, type RoleRule, type StaffAction } from './roles';

/*
 * docs/permissions.md, written from the catalogues themselves (`npm run permissions:doc`; a test
 * fails when the file is not what they say): who may do what, for a director's question and a
 * reviewer's.
 */

const roleEntries = Object.entries(roleActions) as [StaffAction, RoleRule][];
const chiefMark = { any: '✓', facility: '✓ (not on one class’s tablet)' } as const;

/** A row of the role catalogue: each role, the 主任 mark, one's own classes, and whether only a desktop sign-in holds it. */
const roleRow = ([action, rule]: [StaffAction, RoleRule]) =>
  `| \`${action}\` | ${rule.what} | ${[
    ...staffRoles.map((r) => mark(rule.roles.includes(r))),
    rule.chief ? chiefMark[rule.chief] : '',
    mark(!!rule.ownClasses),
    mark(!!rule.desktop),
  ].join(' | ')} |`;

const callLine = (c: Call | string) => (typeof c === 'string' ? `\`GET ${c}\`` : `\`${c.method} ${c.path}\``);

const kinds = Object.keys(deviceKinds) as DeviceKind[];
const staffEntries = Object.entries(staffCallActions) as [StaffCallAction, { devices: readonly DeviceKind[]; what: string }][];
const deviceEntries = Object.entries(deviceCallActions) as [DeviceCallAction, { devices: readonly DeviceKind[]; what: string }][];
const mark = (held: boolean) => (held ? '✓' : '');
const yesNo = (held: boolean) => (held ? 'yes' : 'no');

/** Who may call an action: a desktop sign-in, and each device kind (a PIN session, or the device cookie alone). */
const audienceRows = [
  ...staffEntries.map(
    ([action, { devices }]) => `| \`${action}\` | sign-in | ✓ | ${kinds.map((k) => mark(devices.includes(k))).join(' | ')} |`,
  ),
  ...deviceEntries.map(
    ([action, { devices }]) => `| \`${action}\` | device cookie | | ${kinds.map((k) => mark(devices.includes(k))).join(' | ')} |`,
  ),
];

function permissionsMarkdown(): string {
  const lines = [
    '# Permissions: who may do what',
    '',
    '<!-- Written by `npm run permissions:doc` from apps/server/src/modules/access (roles.ts, staff-calls.ts, devices.ts); do not edit by hand. -->',
    '',
    'Two questions decide every staff call (DESIGN §3.2, staff.md §1 and §7):',
    '',
    '1. **The role** at the facility (the table below): a member without it gets 403. Class staff write a',
    '   class’s day only for their own classes; a company admin holds every facility of the company.',
    '2. **The device**: a shared tablet’s PIN session holds only the actions marked “PIN tablet: yes”',
    '   (and only at its facility and class); everything else needs the desktop sign-in (403 otherwise).',
    '   A gate kiosk opens no PIN session: it makes only the device calls its kind holds, on its device',
    '   cookie alone (401 without a paired device, 403 for a device of another kind).',
    '',
    '## Devices',
    '',
    'Which sign-in or device may call each action (apps/server/src/modules/access: staff-calls.ts, devices.ts;',
    'the device kinds in apps/server/src/lib/device-kinds.ts).',
    '',
    `| action | by | desktop | ${kinds.map((k) => `${deviceKinds[k].label} (\`${k}\`)`).join(' | ')} |`,
    `| --- | --- | :-: | ${kinds.map(() => ':-:').join(' | ')} |`,
    ...audienceRows,
    '',
    '## Roles',
    '',
    'The role catalogue (apps/server/src/modules/access/roles.ts): the roles holding each action at every',
    'class of the facility; the 主任 mark (a 保育士 marked so, staff-chief-flag.md), which adds it too; “own',
    'classes”: every member holds it for the classes of their membership; “desktop only”: a tablet’s PIN',
    'session never holds it, even in a call it may make (a tablet shows no 承認 button). Elsewhere the',
    'Devices table says where a PIN session may call; a class tablet’s grant reaches its class alone.',
    '',
    `| action | what | ${staffRoles.map((r) => staffRoleLabels[r]).join(' | ')} | 主任 | own classes | desktop only |`,
    `| --- | --- | ${staffRoles.map(() => ':-:').join(' | ')} | :-: | :-: | :-: |`,
    ...roleEntries.map(roleRow),
    '',
    '## Calls, by action',
    '',
  ];
  for (const [action, { devices, what }] of staffEntries) {
    const pin = devices.includes('class_tablet');
    lines.push(
      `### \`${action}\``,
      '',
      `${what}. PIN tablet: ${yesNo(pin)}. Gate kiosk: ${yesNo(devices.includes('gate_kiosk'))}.`,
      '',
    );
    for (const c of byAction[action]) lines.push(`- ${callLine(c)}`);
    lines.push('');
  }
  lines.push('## Device calls, by action', '', 'Made on the device cookie alone, with no one signed in.', '');
  for (const [action, { devices, what }] of deviceEntries) {
    const held = kinds.map((k) => `${deviceKinds[k].label}: ${yesNo(devices.includes(k))}`).join(', ');
    lines.push(`### \`${action}\``, '', `${what}. ${held}.`, '');
    for (const c of byDeviceAction[action]) lines.push(`- ${callLine(c)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The page as `prettier` writes it (so that `npm run format` leaves it alone). */
export async function permissionsDoc(): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig('docs/permissions.md')) ?? {};
  return prettier.format(permissionsMarkdown(), { ...options, parser: 'markdown' });
}
