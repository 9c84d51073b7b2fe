/**
 * One CSV cell, always quoted; a text's leading = + - @ is defused so Excel never runs it as a
 * formula. A number is written as it is (a negative amount stays a number).
 */
export const csvCell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value === 'number' || !/^[=+\-@]/.test(text) ? text : `'${text}`;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV that Excel opens with its Japanese intact: UTF-8 with a BOM, CRLF line ends. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
