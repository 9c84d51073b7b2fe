import { staffRoleLabels, staffRoles, type Call } from '@renraku/contract';
import { byAction, staffCallActions, type StaffCallAction } from './staff-calls';
import { staffMay, type StaffAction } from './staff';

/*
 * docs/permissions.md, written from the catalogues themselves (`npm run permissions:doc`; a test
 * fails when the file is not what they say): who may do what, for a director's question and a
 * reviewer's.
 */

const roleActions: { action: StaffAction; what: string }[] = [
  { action: 'facility.read', what: 'the facility, its classes, the roster and children’s records (each read audited)' },
  { action: 'daily.read', what: 'the classes’ daily notes (writing: the class’s own class staff)' },
  { action: 'roster.write', what: 'children, enrolments, CSV import, registration links, guardians’ links' },
  { action: 'facility.setup', what: 'profile, functions, classes, devices, staff, the audit log' },
  { action: 'billing.manage', what: 'fees, children’s billing attributes, the month and its 確定' },
];

const callLine = (c: Call | string) => (typeof c === 'string' ? `\`GET ${c}\`` : `\`${c.method} ${c.path}\``);

function permissionsMarkdown(): string {
  const lines = [
    '# Permissions: who may do what',
    '',
    '<!-- Written by `npm run permissions:doc` from apps/server/src/modules/access (staff.ts, staff-calls.ts); do not edit by hand. -->',
    '',
    'Two questions decide every staff call (DESIGN §3.2, staff.md §1 and §7):',
    '',
    '1. **The role** at the facility (the table below): a member without it gets 403. Class staff write a',
    '   class’s day only for their own classes; a company admin holds every facility of the company.',
    '2. **The device**: a shared tablet’s PIN session holds only the actions marked “PIN tablet: yes”',
    '   (and only at its facility and class); everything else needs the desktop sign-in (403 otherwise).',
    '',
    '## Roles',
    '',
    `| action | what | ${staffRoles.map((r) => staffRoleLabels[r]).join(' | ')} |`,
    `| --- | --- | ${staffRoles.map(() => ':-:').join(' | ')} |`,
    ...roleActions.map(
      ({ action, what }) =>
        `| \`${action}\` | ${what} | ${staffRoles.map((r) => (staffMay[r].includes(action) ? '✓' : '')).join(' | ')} |`,
    ),
    '',
    '## Calls, by action',
    '',
  ];
  for (const [action, { device, what }] of Object.entries(staffCallActions) as [
    StaffCallAction,
    { device: boolean; what: string },
  ][]) {
    lines.push(`### \`${action}\``, '', `${what}. PIN tablet: ${device ? 'yes' : 'no'}.`, '');
    for (const c of byAction[action]) lines.push(`- ${callLine(c)}`);
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
