import { japaneseA4 } from '../../lib/pdf';

/** One line of the archive's index: a document in the ZIP. */
export interface ArchiveLine {
  file: string;
  kind: string;
  title: string;
  status: string;
  approver: string;
  approvedAt: string;
}

const M = 32;
const BODY = 8.5;
const PAD = 3;
const GREY = '#e9ecef';
const LINE = '#868e96';
const COLUMNS: { label: string; width: number; key: keyof ArchiveLine | 'no' }[] = [
  { label: 'No.', width: 34, key: 'no' },
  { label: '種類', width: 86, key: 'kind' },
  { label: '書類（期間）', width: 330, key: 'title' },
  { label: '状態', width: 82, key: 'status' },
  { label: '承認者', width: 120, key: 'approver' },
  { label: '承認日時', width: 0, key: 'approvedAt' },
];

/**
 * The archive's index (records-archive.md): an A4 landscape table of every document in the ZIP in
 * its order (種類, 書類 and 期間, 状態, 承認者 and 承認日時), the class and 年度 in the heading.
 */
export function renderArchiveIndex(heading: string, subtitle: string, lines: ArchiveLine[]): Promise<Buffer> {
  const { doc, done } = japaneseA4({ title: heading, landscape: true, margin: M });
  const width = doc.page.width - 2 * M;
  const cols = COLUMNS.map((c) => ({ ...c }));
  cols[cols.length - 1]!.width = width - cols.slice(0, -1).reduce((s, c) => s + c.width, 0);
  doc.font('jpb').fontSize(15).text(heading, M, M, { width });
  doc
    .font('jp')
    .fontSize(9)
    .text(subtitle, M, doc.y + 3, { width });
  let y = doc.y + 10;
  const row = (cells: string[], header: boolean) => {
    doc.font(header ? 'jpb' : 'jp').fontSize(BODY);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: cols[i]!.width - 2 * PAD }))) + 2 * PAD;
    if (y + h > doc.page.height - M) {
      doc.addPage();
      y = M;
      if (!header)
        row(
          cols.map((c) => c.label),
          true,
        );
    }
    let x = M;
    cells.forEach((text, i) => {
      const w = cols[i]!.width;
      if (header) doc.rect(x, y, w, h).fill(GREY);
      doc.rect(x, y, w, h).lineWidth(0.5).strokeColor(LINE).stroke();
      doc
        .fillColor('#000')
        .font(header ? 'jpb' : 'jp')
        .fontSize(BODY)
        .text(text, x + PAD, y + PAD, { width: w - 2 * PAD });
      x += w;
    });
    y += h;
  };
  row(
    cols.map((c) => c.label),
    true,
  );
  lines.forEach((line, i) =>
    row(
      cols.map((c) => (c.key === 'no' ? String(i + 1) : line[c.key])),
      false,
    ),
  );
  doc.end();
  return done;
}
