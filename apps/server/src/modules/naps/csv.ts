import { napPositionLabels, tokyoDate, tokyoTime, type ClassNaps } from '@renraku/contract';

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/**
 * The day's sheet for audits: a line per check with who recorded it (記録者) and on which tablet (端末;
 * empty from a desktop), UTF-8 with BOM, CRLF, then nothing else.
 */
export function napsCsv(naps: ClassNaps): string {
  const lines: (string | number | null)[][] = [['日付', 'クラス', '園児', '確認時刻', '体位', '呼吸', '記録者', '端末']];
  for (const child of naps.children) {
    for (const check of child.checks) {
      lines.push([
        tokyoDate(check.at),
        naps.class.name,
        child.name,
        tokyoTime(check.at),
        napPositionLabels[check.position],
        check.breathing_ok ? '異常なし' : '異常あり',
        check.by.name,
        check.device?.name ?? null,
      ]);
    }
  }
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
