import iconv from 'iconv-lite';
import Papa from 'papaparse';
import {
  CHILDREN_IMPORT_MAX_ROWS,
  childrenCsvColumns,
  fiscalYearOf,
  rosterMessages,
  staffChildBody,
  type StaffChildInput,
} from '@renraku/contract';
import type { Db } from '../../db/client';
import { HttpError, invalid } from '../../lib/errors';
import type { FacilityGrant, StaffViewer } from '../access';
import { classesByName } from '../facilities/service';
import { recordAudit } from '../audit/service';
import { childKey, childRuleErrors, enrolledChildKeys, insertChildren } from './roster';

type Column = (typeof childrenCsvColumns)[number];
type Encoding = 'utf-8' | 'shift_jis';

/** The body's field each column fills, so that the schema's messages are prefixed by the column's name. */
const fieldOf: Record<Column, keyof StaffChildInput> = {
  姓: 'last_name',
  名: 'first_name',
  せい: 'last_name_kana',
  めい: 'first_name_kana',
  生年月日: 'birth',
  性別: 'sex',
  クラス: 'class_id',
  入所日: 'admitted_on',
  退所日: 'left_on',
  アレルギー: 'allergies',
  配慮事項: 'care_notes',
};
const columnOf = Object.fromEntries(Object.entries(fieldOf).map(([column, field]) => [field, column])) as Record<string, Column>;

const FILE_FIELD = 'file_base64';
const MAX_BYTES = 700 * 1024;

export interface ImportRow {
  /** The row as Excel numbers it: the header is 1. */
  line: number;
  values: Record<string, string>;
  errors: string[];
  input?: StaffChildInput;
}

/**
 * The bytes as Excel saves them: UTF-8 (with or without BOM) when they are valid UTF-8, else
 * Shift_JIS (Windows' CP932, the default of Japanese Excel's "CSV").
 */
export function decodeCsv(base64: string): { text: string; encoding: Encoding } {
  const payload = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) throw invalid(FILE_FIELD, rosterMessages.csvUnreadable);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > MAX_BYTES) throw invalid(FILE_FIELD, 'ファイルが大きすぎます（700KBまで）');
  try {
    // fatal: a byte sequence that is not UTF-8 throws; the BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'cp932'), encoding: 'shift_jis' };
  }
}

/** The header row must name every column once and nothing else (in any order). */
function checkHeader(header: string[]): void {
  const unknown = header.filter((h) => !(childrenCsvColumns as readonly string[]).includes(h));
  const missing = childrenCsvColumns.filter((c) => !header.includes(c));
  const repeated = [...new Set(header.filter((h, i) => header.indexOf(h) !== i))];
  const problems = [
    unknown.length ? `不明な列：${unknown.map((h) => h || '（空欄）').join('、')}` : '',
    missing.length ? `足りない列：${missing.join('、')}` : '',
    repeated.length ? `重複した列：${repeated.join('、')}` : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    throw invalid(
      FILE_FIELD,
      `1行目の見出しが正しくありません（${problems.join('／')}）。見出しは「${childrenCsvColumns.join(',')}」としてください`,
    );
  }
}

/** 2024/4/1, 2024-4-1, ２０２４／４／１ → 2024-04-01; anything else is left for the schema to refuse. */
function isoDate(value: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value.normalize('NFKC'));
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : value;
}

/** Excel's フリガナ is often katakana (or half-width): the roster keeps hiragana. */
const hiragana = (value: string) =>
  value.normalize('NFKC').replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

const sexOf: Record<string, number> = { 男: 1, 女: 2, 男児: 1, 女児: 2, '1': 1, '2': 2 };

/** One data row to the body of `staffChildBody`, with the errors the columns' own rules find. */
function rowInput(values: Record<Column, string>, classes: Map<string, number>) {
  const errors = new Map<keyof StaffChildInput, string>();
  const sex = sexOf[values.性別.normalize('NFKC')];
  if (values.性別 !== '' && sex === undefined) errors.set('sex', rosterMessages.csvSex);
  let classId: number | null = null;
  if (values.クラス !== '') {
    classId = classes.get(values.クラス) ?? null;
    if (classId === null) errors.set('class_id', rosterMessages.csvUnknownClass(values.クラス));
  }
  const body = {
    last_name: values.姓,
    first_name: values.名,
    last_name_kana: hiragana(values.せい),
    first_name_kana: hiragana(values.めい),
    birth: isoDate(values.生年月日),
    sex: sex ?? values.性別,
    class_id: classId,
    admitted_on: isoDate(values.入所日),
    left_on: values.退所日 === '' ? null : isoDate(values.退所日),
    allergies: values.アレルギー,
    care_notes: values.配慮事項,
  };
  return { body, errors };
}

const prefixed = (field: string, message: string) => `${columnOf[field] ?? field}：${message}`;

/** Columns whose text may span lines (the form's text areas); a name or a date never does. */
const MULTILINE_COLUMNS = new Set<string>(['アレルギー', '配慮事項']);
/** C0 controls but tab and line breaks, and DEL: U+0000 cannot even be stored in PostgreSQL's text. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/; // eslint-disable-line no-control-regex -- finding them is the point

/**
 * What a cell may not carry whatever its column (issue 30): a control character (NUL failed the
 * import with a 500), U+FFFD (bytes that were not Shift_JIS, decoded as replacement characters),
 * a line break outside the multi-line columns (a quoted name over two lines).
 */
function characterErrors(values: Record<Column, string>): string[] {
  const errors: string[] = [];
  for (const [column, value] of Object.entries(values)) {
    const message = CONTROL.test(value)
      ? rosterMessages.csvControlCharacter
      : value.includes('\uFFFD')
        ? rosterMessages.csvUndecodable
        : /[\r\n]/.test(value) && !MULTILINE_COLUMNS.has(column)
          ? rosterMessages.csvLineBreak
          : null;
    if (message) errors.push(`${column}：${message}`);
  }
  return errors;
}

/**
 * Reads a roster CSV and validates every row as the form would (`staffChildBody`, the server's
 * rules), plus what only a file can get wrong: unknown classes, the same child twice, a child the
 * facility already has. Writes nothing. File-level problems are a 422 at once.
 */
export async function previewImport(db: Db, grant: FacilityGrant, base64: string, today: string) {
  const { text, encoding } = decodeCsv(base64);
  const parsed = Papa.parse<string[]>(text, { delimiter: ',' });
  const [headerRow, ...records] = parsed.data;
  if (!headerRow) throw invalid(FILE_FIELD, rosterMessages.csvEmpty);
  const header = headerRow.map((h) => h.replace(/^\uFEFF/, '').trim());
  checkHeader(header);
  const broken = new Set(parsed.errors.map((e) => e.row).filter((row): row is number => typeof row === 'number'));
  const dataRows = records
    .map((cells, i) => ({ cells, index: i + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw invalid(FILE_FIELD, rosterMessages.csvEmpty);
  if (dataRows.length > CHILDREN_IMPORT_MAX_ROWS) throw invalid(FILE_FIELD, rosterMessages.csvTooManyRows);

  const [classes, enrolled] = await Promise.all([
    classesByName(db, grant.facilityId, fiscalYearOf(today)),
    enrolledChildKeys(db, grant.facilityId),
  ]);
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  for (const { cells, index } of dataRows) {
    const line = index + 1;
    const values = Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()])) as Record<Column, string>;
    const extra = cells.slice(header.length).some((cell) => cell.trim() !== '');
    if (broken.has(index) || cells.length < header.length || extra) {
      rows.push({ line, values, errors: [rosterMessages.csvBadRow] });
      continue;
    }
    const unreadable = characterErrors(values);
    if (unreadable.length > 0) {
      rows.push({ line, values, errors: unreadable });
      continue;
    }
    const { body, errors } = rowInput(values, classes);
    const messages = [...errors].map(([field, message]) => prefixed(field, message));
    const result = staffChildBody.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!errors.has(field as keyof StaffChildInput)) messages.push(prefixed(field, issue.message));
      }
    } else {
      // The class is already one of the facility's: the rules' class check is not needed again.
      const rules = await childRuleErrors(db, grant.facilityId, { ...result.data, class_id: null }, today);
      for (const [field, list] of Object.entries(rules)) messages.push(...list.map((m) => prefixed(field, m)));
      const key = childKey(result.data.last_name, result.data.first_name, result.data.birth);
      if (seen.has(key)) messages.push(rosterMessages.csvDuplicateRow(seen.get(key)!));
      else seen.set(key, line);
      if (enrolled.has(key)) messages.push(rosterMessages.csvAlreadyEnrolled);
    }
    rows.push({ line, values, errors: messages, ...(messages.length === 0 && result.success ? { input: result.data } : {}) });
  }
  return { encoding, rows, valid: rows.every((row) => row.errors.length === 0) };
}

/**
 * Imports all or nothing: any row's error → 422 with every row's errors (`行3`) and nothing
 * written; else every child in one transaction with one `children.import` entry and a
 * `child.create` entry per child.
 */
export async function importChildren(db: Db, staff: StaffViewer, grant: FacilityGrant, base64: string, now: Date) {
  const preview = await previewImport(db, grant, base64, staff.today);
  if (!preview.valid) {
    const errors = Object.fromEntries(preview.rows.filter((r) => r.errors.length > 0).map((r) => [`行${r.line}`, r.errors]));
    throw new HttpError(422, rosterMessages.csvHasErrors, errors);
  }
  const inputs = preview.rows.map((row) => row.input!);
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await insertChildren(t, staff, grant, inputs, now, { source: 'import' });
    await recordAudit(t, staff, now, {
      companyId: grant.companyId,
      facilityId: grant.facilityId,
      action: 'children.import',
      targetType: 'facility',
      targetId: grant.facilityId,
      details: { count: inputs.length, encoding: preview.encoding },
    });
  });
  return { created: inputs.length };
}
