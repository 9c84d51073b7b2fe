import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import {
  childrenCsvColumns,
  fiscalYearOf,
  postStaffChildrenImport,
  postStaffChildrenImportPreview,
  rosterMessages,
  tokyoDate,
} from '@renraku/contract';
import { auditLog, children, noteChildren } from '../src/db/schema';
import { buildClass, buildStaffWorld } from './factories';
import { call, callRaw, setupApp, staffAgents, type Agent, type StaffPersona } from './harness';
import { expectMatrix as expectMatrixOf, personas, rosterWrite } from './staff-persona-matrix';

const t = setupApp();
const db = () => t.db;

let w: Awaited<ReturnType<typeof buildStaffWorld>>;
let as: Record<StaffPersona, Agent>;
/** Classes of the current 年度 (the import finds classes by name there). */
let panda: { id: number };
let kirin: { id: number };

beforeAll(async () => {
  w = await buildStaffWorld(db());
  const fiscalYear = fiscalYearOf(tokyoDate(new Date()));
  panda = await buildClass(db(), { facilityId: w.facilityId, name: 'ぱんだ組', fiscalYear });
  kirin = await buildClass(db(), { facilityId: w.facilityId, name: 'きりん組', fiscalYear });
  as = await staffAgents(t, w);
  // Eight sign-ins (argon2 each): generous on a loaded 2-core machine.
}, 120_000);

/** One request per persona of this file's world, every status compared at once. */
const expectMatrix = (
  expected: Record<StaffPersona, number>,
  send: (agent: Agent, persona: StaffPersona) => Promise<{ statusCode: number }>,
) => expectMatrixOf(as, expected, send);

const auditCount = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;
const childrenCount = async () => (await db().select({ n: count() }).from(children))[0]!.n;
const enrolledNamed = (lastName: string) =>
  db()
    .select({ child: children, enrolment: noteChildren })
    .from(children)
    .innerJoin(noteChildren, eq(noteChildren.childId, children.id))
    .where(and(eq(children.lastName, lastName), eq(noteChildren.facilityId, w.facilityId)))
    .orderBy(children.id);

const header = [...childrenCsvColumns];
const kanaDigits = ['いち', 'に', 'さん', 'し', 'ご', 'ろく', 'なな', 'はち', 'きゅう', 'じゅう'];

/**
 * `n` rows as a facility keeps them in Excel: both sexes written both ways, the three classes
 * (incl. none), dates with hyphens and with slashes, some left dates and allergies.
 */
function roster(lastName: string, lastNameKana: string, n = 20): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const day = String((i % 28) + 1);
    return [
      lastName,
      `子${i + 1}`,
      lastNameKana,
      `${kanaDigits[i % 10]}${i >= 10 ? 'ばん' : ''}`,
      i % 2 === 0 ? `2022-04-${day.padStart(2, '0')}` : `2021/5/${day}`,
      ['男', '女', '1', '2'][i % 4]!,
      ['ぱんだ組', 'きりん組', ''][i % 3]!,
      i % 2 === 0 ? '2024/4/1' : '2024-04-01',
      i === 3 ? '2027/3/31' : '',
      i % 5 === 0 ? '卵、乳' : '',
      i === 7 ? '午睡時は"うつ伏せ"に注意, 要観察' : '',
    ];
  });
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvText = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
const utf8 = (rows: string[][], bom = false) => Buffer.from(`${bom ? '\uFEFF' : ''}${csvText(rows)}`, 'utf8').toString('base64');
const sjis = (rows: string[][]) => iconv.encode(csvText(rows), 'Shift_JIS').toString('base64');

const params = () => ({ facilityId: w.facilityId });
const preview = (agent: Agent, file: string) =>
  call(agent, postStaffChildrenImportPreview, { params: params(), body: { file_base64: file } });
const importFile = (agent: Agent, file: string) =>
  call(agent, postStaffChildrenImport, { params: params(), body: { file_base64: file } });

describe('CSV import of 20 children, in each encoding Excel writes', () => {
  const cases = [
    {
      name: 'UTF-8 with BOM',
      lastName: '青木',
      kana: 'あおき',
      encode: (rows: string[][]) => utf8(rows, true),
      encoding: 'utf-8',
    },
    {
      name: 'UTF-8 without BOM',
      lastName: '井上',
      kana: 'いのうえ',
      encode: (rows: string[][]) => utf8(rows),
      encoding: 'utf-8',
    },
    // Excel's フリガナ in katakana: stored as hiragana.
    { name: 'Shift_JIS', lastName: '髙橋', kana: 'タカハシ', encode: sjis, encoding: 'shift_jis' },
  ] as const;

  for (const c of cases) {
    it(c.name, async () => {
      const file = c.encode([header, ...roster(c.lastName, c.kana)]);
      const audits = await auditCount();
      const checked = await preview(as.office, file);
      expect(checked.statusCode).toBe(200);
      expect(checked.data).toMatchObject({ encoding: c.encoding, valid: true });
      expect(checked.data.rows).toHaveLength(20);
      expect(checked.data.rows[0]).toEqual({
        line: 2,
        values: expect.objectContaining({ 姓: c.lastName, せい: c.kana, クラス: 'ぱんだ組' }),
        errors: [],
      });
      expect(await enrolledNamed(c.lastName)).toHaveLength(0);
      expect(await auditCount()).toBe(audits);

      const res = await importFile(as.director, file);
      expect(res.statusCode).toBe(201);
      expect(res.data).toEqual({ created: 20 });
      const rows = await enrolledNamed(c.lastName);
      expect(rows).toHaveLength(20);
      const [first, second, , fourth] = rows;
      expect(first!.child).toMatchObject({ firstName: '子1', birth: '2022-04-01', sex: 1, allergies: '卵、乳' });
      expect(first!.child.lastNameKana).toMatch(/^[\u3041-\u309F]+$/);
      expect(first!.enrolment).toMatchObject({ classId: panda.id, admittedOn: '2024-04-01', leftOn: null });
      expect(second!.child).toMatchObject({ birth: '2021-05-02', sex: 2 });
      expect(second!.enrolment.classId).toBe(kirin.id);
      expect(fourth!.enrolment).toMatchObject({ classId: panda.id, leftOn: '2027-03-31' });
      expect(rows[2]!.enrolment.classId).toBeNull();
      expect(rows[7]!.child.careNotes).toBe('午睡時は"うつ伏せ"に注意, 要観察');
      expect(new Set(rows.map((r) => r.child.qrToken)).size).toBe(20);

      const entries = await db()
        .select()
        .from(auditLog)
        .where(
          inArray(
            auditLog.childId,
            rows.map((r) => r.child.id),
          ),
        );
      expect(entries.map((e) => e.action)).toEqual(Array(20).fill('child.create'));
      const [imported] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'children.import'), eq(auditLog.userId, w.staff.director.user.id)))
        .orderBy(auditLog.id)
        .then((list) => list.slice(-1));
      expect(imported).toMatchObject({ facilityId: w.facilityId, details: { count: 20, encoding: c.encoding } });
      expect(await auditCount()).toBe(audits + 21);
    });
  }

  it('the Shift_JIS file’s kanji and kana arrive intact', async () => {
    const [row] = await enrolledNamed('髙橋');
    expect(row!.child).toMatchObject({ lastName: '髙橋', lastNameKana: 'たかはし', firstNameKana: 'いち' });
  });
});

describe('all or nothing', () => {
  it('a bad first data row: 422 with that row’s errors, no child and no audit entry written', async () => {
    const rows = roster('大野', 'おおの', 20);
    rows[0] = ['大野', '', 'おおの', 'いち', '2022-13-45', '男', 'ぞう組', '2024/4/1', '', '', ''];
    const [audits, kids] = [await auditCount(), await childrenCount()];
    const res = await callRaw(as.director, postStaffChildrenImport, {
      params: params(),
      body: { file_base64: utf8([header, ...rows]) },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(rosterMessages.csvHasErrors);
    expect(Object.keys(body.errors)).toEqual(['行2']);
    expect(body.errors['行2']).toEqual([
      `クラス：${rosterMessages.csvUnknownClass('ぞう組')}`,
      '名：名を入力してください',
      '生年月日：生年月日は正しい日付（例：2024-04-01）で入力してください',
    ]);
    expect(await childrenCount()).toBe(kids);
    expect(await auditCount()).toBe(audits);
  });

  it('preview answers every row’s errors in Japanese, prefixed by the column, and writes nothing', async () => {
    const rows = roster('小川', 'おがわ', 6);
    rows[1]![5] = '不明';
    rows[2]![8] = '2023/3/31';
    rows[3]![3] = 'Ichi';
    rows[4]![4] = '2099/1/1';
    rows[4]![7] = '2099/4/1';
    rows[5] = [...rows[0]!];
    const [audits, kids] = [await auditCount(), await childrenCount()];
    const res = await preview(as.companyAdmin, sjis([header, ...rows]));
    expect(res.statusCode).toBe(200);
    expect(res.data.valid).toBe(false);
    expect(res.data.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, [`性別：${rosterMessages.csvSex}`]],
      [4, [`退所日：${rosterMessages.leftBeforeAdmitted}`]],
      [5, ['めい：めいはひらがなで入力してください']],
      [6, [`生年月日：${rosterMessages.birthInFuture}`]],
      [7, [rosterMessages.csvDuplicateRow(2)]],
    ]);
    expect(await childrenCount()).toBe(kids);
    expect(await auditCount()).toBe(audits);
  });

  it('a child the facility already has is a row error (a file imported twice adds nobody)', async () => {
    const file = utf8([header, ...roster('重複', 'ちょうふく', 2)]);
    expect((await importFile(as.office, file)).statusCode).toBe(201);
    const again = await callRaw(as.office, postStaffChildrenImport, { params: params(), body: { file_base64: file } });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ 行2: [rosterMessages.csvAlreadyEnrolled], 行3: [rosterMessages.csvAlreadyEnrolled] });
    expect(await enrolledNamed('重複')).toHaveLength(2);
  });

  it('blank lines are skipped and lines keep Excel’s numbering', async () => {
    const rows = roster('空行', 'くうぎょう', 3);
    const file = utf8([header, rows[0]!, [''], header.map(() => ''), rows[1]!, rows[2]!]);
    const res = await preview(as.director, file);
    expect(res.data.rows.map((r) => r.line)).toEqual([2, 5, 6]);
    expect(res.data.valid).toBe(true);
  });
});

describe('file-level problems: one clear 422, nothing written', () => {
  const expectFileError = async (file: unknown, pattern: RegExp | string) => {
    const [audits, kids] = [await auditCount(), await childrenCount()];
    for (const c of [postStaffChildrenImportPreview, postStaffChildrenImport]) {
      const res = await callRaw(as.director, c, { params: params(), body: { file_base64: file } });
      expect(res.statusCode).toBe(422);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      if (typeof pattern === 'string') expect(body.message).toBe(pattern);
      else expect(body.message).toMatch(pattern);
      expect(Object.keys(body.errors)).toEqual(['file_base64']);
    }
    expect(await childrenCount()).toBe(kids);
    expect(await auditCount()).toBe(audits);
  };

  it('an unknown or missing header', async () => {
    const rows = roster('見出', 'みだし', 2);
    await expectFileError(
      utf8([header.map((h) => (h === '性別' ? 'せいべつ' : h)), ...rows]),
      /^1行目の見出しが正しくありません（不明な列：せいべつ／足りない列：性別）。/,
    );
    await expectFileError(utf8([header.slice(0, -1), ...rows.map((r) => r.slice(0, -1))]), /足りない列：配慮事項/);
    await expectFileError(utf8([[...header, '姓'], ...rows]), /重複した列：姓/);
  });

  it('no data rows, more than 1000 rows, not base64, no file', async () => {
    await expectFileError(utf8([header]), rosterMessages.csvEmpty);
    await expectFileError(utf8([header, ...roster('多数', 'たすう', 1001)]), rosterMessages.csvTooManyRows);
    await expectFileError('これはbase64ではない', rosterMessages.csvUnreadable);
    await expectFileError('', 'ファイルを選択してください');
    await expectFileError(12345, 'ファイルを選択してください');
  });

  it('a row with too few cells is that row’s error', async () => {
    const rows = roster('欠損', 'けっそん', 2);
    const text = `${csvText([header, rows[0]!.slice(0, 5), rows[1]!])}`;
    const res = await preview(as.director, Buffer.from(text).toString('base64'));
    expect(res.data.rows.map((r) => r.errors)).toEqual([[rosterMessages.csvBadRow], []]);
  });
});

describe('who may import', () => {
  it('preview and import: director, office, company admin', async () => {
    await expectMatrix(rosterWrite(200), (agent, persona) => preview(agent, utf8([header, ...roster(`見${persona}`, 'み', 2)])));
    await expectMatrix(rosterWrite(201), (agent, persona) =>
      importFile(agent, utf8([header, ...roster(`取${persona}`, 'と', 2)])),
    );
    for (const persona of personas) {
      const expected = ['companyAdmin', 'director', 'office'].includes(persona) ? 2 : 0;
      expect(await enrolledNamed(`取${persona}`)).toHaveLength(expected);
    }
  });
});
