/**
 * Issue 30, roster import: a NUL byte, broken Shift_JIS bytes and a line break inside a quoted
 * name each get a row error in Japanese in the preview, and the import writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { childrenCsvColumns, postStaffChildrenImport, postStaffChildrenImportPreview, rosterMessages } from '@renraku/contract';
import { children } from '../src/db/schema';
import { buildStaff } from './factories';
import { call, setupApp, type Agent } from './harness';

const t = setupApp();
const db = () => t.db;
let director: Agent;
let facilityId: number;

beforeAll(async () => {
  const staff = await buildStaff(db(), { role: 'director' });
  facilityId = staff.facilityId;
  director = await t.signInStaff(staff.user);
}, 120_000);

const header = [...childrenCsvColumns];
const row = (lastName: string, firstName = '花子', notes = '') => [
  lastName,
  firstName,
  'やまだ',
  'はなこ',
  '2022-04-01',
  '女',
  '',
  '2024-04-01',
  '',
  '',
  notes,
];
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvText = (rows: string[][]) => `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
const utf8 = (rows: string[][]) => Buffer.from(csvText(rows), 'utf8').toString('base64');
const childrenCount = async () => (await db().select({ n: count() }).from(children))[0]!.n;

/** The preview's rows and the import's answer for one file; the import must write nothing. */
async function previewAndImport(file: string) {
  const before = await childrenCount();
  const preview = await call(director, postStaffChildrenImportPreview, { params: { facilityId }, body: { file_base64: file } });
  expect(preview.statusCode).toBe(200);
  const imported = await call(director, postStaffChildrenImport, { params: { facilityId }, body: { file_base64: file } });
  expect(imported.statusCode).toBe(422);
  expect(imported.json().message).toBe(rosterMessages.csvHasErrors);
  expect(await childrenCount()).toBe(before);
  return preview.data;
}

describe('issue 30: characters a roster CSV must not carry', () => {
  it('a NUL byte in a name: a row error in the preview, a 422 (not a 500) at import', async () => {
    const data = await previewAndImport(utf8([header, row('山田'), row('山\u0000田', '次郎')]));
    expect(data.valid).toBe(false);
    expect(data.rows[0]!.errors).toEqual([]);
    expect(data.rows[1]!.errors).toEqual([`姓：${rosterMessages.csvControlCharacter}`]);
  });

  it('broken Shift_JIS bytes: a row error, not replacement characters in the roster', async () => {
    const good = iconv.encode(csvText([header, row('佐藤')]), 'Shift_JIS');
    // 0x82 0x20 is no Shift_JIS character (a lead byte with a space as its trail).
    const broken = Buffer.concat([iconv.encode('鈴', 'Shift_JIS'), Buffer.from([0x82, 0x20])]);
    const line = Buffer.concat([broken, iconv.encode(csvText([row('').slice(1)]).replace(/^/, ','), 'Shift_JIS')]);
    const data = await previewAndImport(Buffer.concat([good, line]).toString('base64'));
    expect(data.encoding).toBe('shift_jis');
    expect(data.rows[0]!.errors).toEqual([]);
    expect(data.rows[1]!.errors).toEqual([`姓：${rosterMessages.csvUndecodable}`]);
  });

  it('a line break inside a quoted name: a row error; line breaks stay allowed in 配慮事項', async () => {
    const data = await previewAndImport(
      utf8([header, row('田中', '花子', '午睡は\r\n仰向けで'), row('田中', '太\n郎'), row('木\r\n村', '一郎')]),
    );
    expect(data.rows[0]!.errors).toEqual([]);
    expect(data.rows[1]!.errors).toEqual([`名：${rosterMessages.csvLineBreak}`]);
    expect(data.rows[2]!.errors).toEqual([`姓：${rosterMessages.csvLineBreak}`]);
  });
});
