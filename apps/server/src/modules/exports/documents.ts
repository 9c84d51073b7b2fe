import { defecationCategoryLabels, defecationStatusLabels, monthDayLabel } from '@renraku/contract';
import type { dailyNotes, familyInformation } from '../../db/schema';
import { toCsv } from '../../lib/csv';

/* The history files of a child's archive: the facility's notes and the family's contact books. */

type Note = typeof dailyNotes.$inferSelect;
type Entry = typeof familyInformation.$inferSelect;

const lines = (values: string[]) => values.join(' / ');

/** The facility's note as the guardian's card shows it, one text per field. */
function noteFields(n: Note) {
  return {
    date: n.date,
    arrival: [n.attendanceTime, n.leavingTime].some(Boolean) ? `${n.attendanceTime ?? ''}〜${n.leavingTime ?? ''}` : '',
    temperature: lines(n.thermometries.map((t) => `${t.time} ${t.thermometry.toFixed(1)}℃`)),
    meal: [n.schoolMeal, lines(n.lunchItems.map((i) => `${i.categoryLabel} ${i.amountLabel}`)), n.lunchNote]
      .filter(Boolean)
      .join(' '),
    snack: [n.snackMorning && `午前 ${n.snackMorning}`, n.snackAfternoon && `午後 ${n.snackAfternoon}`, n.snackContactToParents]
      .filter(Boolean)
      .join(' '),
    nap: lines(n.sleeps.map((s) => `${s.start}〜${s.end ?? ''}`)),
    excretion: lines(n.defecations.map((d) => `${d.time} ${d.category}（${d.status}）`)),
    milk: lines(n.milks.map((m) => `${m.time} ${m.amount}ml`)),
    text: n.text ?? '',
    writer: n.employeeName ?? '',
  };
}

function familyFields(e: Entry) {
  const defecation = e.defecationCategoryId
    ? `${defecationCategoryLabels[e.defecationCategoryId] ?? ''}${e.defecationStatusId ? `（${defecationStatusLabels[e.defecationStatusId] ?? ''}）` : ''}`
    : '';
  return {
    date: e.contactOn,
    sleep: e.sleepStartedAt || e.sleepEndedAt ? `${e.sleepStartedAt ?? ''}〜${e.sleepEndedAt ?? ''}` : '',
    temperature: e.temperature ? `${e.thermometryDoneAt ?? ''} ${e.temperature}℃`.trim() : '',
    defecation: [e.defecationDoneAt, defecation].filter(Boolean).join(' '),
    dinner: e.dinner ?? '',
    breakfast: e.breakfast ?? '',
    message: e.message ?? '',
  };
}

const noteHeader = ['日付', '登園〜降園', '検温', '給食', 'おやつ', '午睡', '排便', 'ミルク', '施設からの連絡', '記入者'];
const familyHeader = ['日付', '睡眠', '検温', '排便', '前日の夕食', '朝食', 'ご家庭からの連絡'];

/** 連絡帳_施設から.csv (UTF-8 with BOM, for Excel). */
export const notesCsv = (notes: Note[]) =>
  toCsv(
    noteHeader,
    notes.map((n) => Object.values(noteFields(n))),
  );

/** 連絡帳_家庭から.csv */
export const familyCsv = (entries: Entry[]) =>
  toCsv(
    familyHeader,
    entries.map((e) => Object.values(familyFields(e))),
  );

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function table(caption: string, header: string[], rows: string[][]) {
  const head = header.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (cells) =>
        `<tr>${cells.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** 記録.html: both histories on one page that prints on A4 (landscape) with the browser's print. */
export function printablePage(childName: string, notes: Note[], entries: Entry[]): string {
  const noteRows = notes.map((n) => {
    const f = noteFields(n);
    return [monthDayLabel(f.date), f.arrival, f.temperature, f.meal, f.snack, f.nap, f.excretion, f.milk, f.text, f.writer];
  });
  const familyRows = entries.map((e) => {
    const f = familyFields(e);
    return [monthDayLabel(f.date), f.sleep, f.temperature, f.defecation, f.dinner, f.breakfast, f.message];
  });
  const years = [...new Set([...notes.map((n) => n.date), ...entries.map((e) => e.contactOn)].map((d) => d.slice(0, 4)))];
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<title>${escapeHtml(childName)}さんの連絡帳の記録</title>
<style>
  body { font-family: "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif; margin: 16px; color: #212529; }
  h1 { font-size: 20px; }
  table { border-collapse: collapse; width: 100%; margin: 16px 0 32px; font-size: 12px; }
  caption { text-align: left; font-weight: 700; font-size: 16px; padding: 8px 0; }
  th, td { border: 1px solid #adb5bd; padding: 4px 6px; vertical-align: top; text-align: left; white-space: pre-wrap; }
  thead th { background: #f1f3f5; }
  tbody th { white-space: nowrap; }
  @page { size: A4 landscape; margin: 12mm; }
  @media print { body { margin: 0; } thead { display: table-header-group; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${escapeHtml(childName)}さんの連絡帳の記録${years.length ? `（${years[0]}年〜${years[years.length - 1]}年）` : ''}</h1>
${table('施設からの連絡帳', noteHeader, noteRows)}
${table('ご家庭からの連絡帳', familyHeader, familyRows)}
</body>
</html>
`;
}
