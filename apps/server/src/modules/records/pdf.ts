import type { RecordDayFacts } from '@renraku/contract';
import { japaneseA4 } from '../../lib/pdf';
import type { FieldContent, SectionContent } from './content';

/** The ideographic space between items on a line. */
const SP = '\u3000';

/**
 * A plan or record on A4 paper (records.md §6; docs/decisions/records-print.md): pdfkit lays it
 * out, with a subset of Noto Sans CJK JP embedded (the Debian package fonts-noto-cjk, which
 * scripts/ensure-system-packages.sh installs), so the Japanese text is selectable and searchable.
 * Plans are landscape, diaries portrait; the 確認印 boxes (担当 / 主任 / 園長) stand at the top right.
 */

export interface Stamp {
  label: '担当' | '主任' | '園長';
  name: string | null;
  at: string | null;
}

export interface PrintSheet {
  title: string;
  subtitle: string;
  landscape: boolean;
  stamps: Stamp[];
  sections: SectionContent[];
  facts: RecordDayFacts | null;
  printedAt: string;
}

const M = 36; // margin, points (½ inch)
const LABEL_W = 118;
const PAD = 4;
const BODY = 9.5;
const GREY = '#e9ecef';
const LINE = '#868e96';

type Doc = PDFKit.PDFDocument;

/** Tick lists as a line of ■ (ticked) and □. */
const tickLine = (field: Extract<FieldContent, { type: 'ticks' }>) =>
  field.items.map((i) => `${i.ticked ? '■' : '□'} ${i.name}`).join('　');

function factsText(key: 'attendance' | 'naps', facts: RecordDayFacts | null): string {
  if (!facts) return '';
  if (key === 'naps') {
    const n = facts.nap;
    if (!n) return '午睡チェックの記録はありません';
    const time = (iso: string) =>
      new Date(iso).toLocaleTimeString('ja-JP', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tokyo' });
    return `${time(n.started_at)}〜${n.ended_at ? time(n.ended_at) : ''}${SP}チェック ${n.checks}回（${n.children_checked}名）${SP}うつぶせ寝の発見 ${n.prone_found}回`;
  }
  const { enrolled, present, absent } = facts.counts;
  const lines = [`在籍 ${enrolled}名${SP}出席 ${present}名${SP}欠席 ${absent}名`];
  const came = facts.attendance.filter((a) => a.state === 'present');
  if (came.length > 0)
    lines.push(`出席：${came.map((a) => `${a.name}（${a.arrived_at ?? ''}〜${a.picked_up_at ?? ''}）`).join('、')}`);
  const away = facts.attendance.filter((a) => a.state === 'absent');
  if (away.length > 0)
    lines.push(
      `欠席：${away
        .map((a) => {
          const why = [a.absence_reason, ...a.diseases].filter(Boolean).join('・');
          return why ? `${a.name}（${why}）` : a.name;
        })
        .join('、')}`,
    );
  return lines.join('\n');
}

class Layout {
  y: number;
  constructor(
    readonly doc: Doc,
    readonly width: number,
  ) {
    this.y = M;
  }
  get bottom() {
    return this.doc.page.height - M - 14;
  }
  /** Room for `h` points, else a new page. */
  need(h: number) {
    if (this.y + h > this.bottom) {
      this.doc.addPage();
      this.y = M;
    }
  }
  height(text: string, width: number, size = BODY, font = 'jp') {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(text || ' ', { width: width - 2 * PAD, lineGap: 1 });
  }
  cell(x: number, w: number, h: number, text: string, opts: { fill?: string; font?: string; size?: number } = {}) {
    const { doc } = this;
    if (opts.fill) doc.rect(x, this.y, w, h).fill(opts.fill);
    doc.rect(x, this.y, w, h).lineWidth(0.5).strokeColor(LINE).stroke();
    doc
      .fillColor('#000')
      .font(opts.font ?? 'jp')
      .fontSize(opts.size ?? BODY)
      .text(text, x + PAD, this.y + PAD, { width: w - 2 * PAD, lineGap: 1, height: h - PAD });
  }
  /** A label and its content side by side; a text too long for one page runs on unboxed. */
  row(label: string, text: string, minHeight: number) {
    const contentW = this.width - LABEL_W;
    const h = Math.max(minHeight, this.height(text, contentW) + 2 * PAD, this.height(label, LABEL_W, 8.5, 'jpb') + 2 * PAD);
    if (h > this.bottom - M) {
      this.need(40);
      this.doc.font('jpb').fontSize(8.5).text(label, M, this.y);
      this.doc
        .font('jp')
        .fontSize(BODY)
        .text(text, M, this.doc.y + 2, { width: this.width, lineGap: 1 });
      this.y = this.doc.y + 6;
      return;
    }
    this.need(h);
    this.cell(M, LABEL_W, h, label, { fill: GREY, font: 'jpb', size: 8.5 });
    this.cell(M + LABEL_W, contentW, h, text);
    this.y += h;
  }
  sectionTitle(title: string) {
    this.need(22 + 24);
    this.y += 6;
    this.doc.rect(M, this.y, this.width, 16).fill('#495057');
    this.doc
      .fillColor('#fff')
      .font('jpb')
      .fontSize(10)
      .text(title, M + PAD, this.y + 2.5, { width: this.width - 2 * PAD });
    this.doc.fillColor('#000');
    this.y += 16;
  }
  grid(field: Extract<FieldContent, { type: 'grid' }>) {
    const headW = Math.min(70, this.width / (field.columns.length + 1));
    const colW = (this.width - headW) / Math.max(1, field.columns.length);
    const header = () => {
      const h = Math.max(...field.columns.map((c) => this.height(c, colW, 8, 'jpb'))) + 2 * PAD;
      this.need(h + 20);
      this.cell(M, headW, h, field.label, { fill: GREY, font: 'jpb', size: 8 });
      field.columns.forEach((c, i) => this.cell(M + headW + i * colW, colW, h, c, { fill: GREY, font: 'jpb', size: 8 }));
      this.y += h;
    };
    header();
    for (const row of field.rows) {
      const h = Math.max(
        22,
        this.height(row.label, headW, 8.5, 'jpb') + 2 * PAD,
        ...row.cells.map((c) => this.height(c, colW) + 2 * PAD),
      );
      if (this.y + h > this.bottom) {
        this.doc.addPage();
        this.y = M;
        header();
      }
      this.cell(M, headW, h, row.label, { fill: GREY, font: 'jpb', size: 8.5 });
      row.cells.forEach((c, i) => this.cell(M + headW + i * colW, colW, h, c));
      this.y += h;
    }
  }
}

const STAMP = 66;
const A4 = { width: 595.28, height: 841.89 };

/** Where the 確認印 boxes stand on the first page (points from the top left), in 担当 / 主任 / 園長 order. */
export function stampBoxes(landscape: boolean, count = 3): { x: number; y: number; w: number; h: number }[] {
  const pageWidth = landscape ? A4.height : A4.width;
  const x0 = pageWidth - M - STAMP * count;
  return Array.from({ length: count }, (_, i) => ({ x: x0 + i * STAMP, y: M, w: STAMP, h: STAMP }));
}

/** The largest size (down to 5.5 pt) at which a name fits the box on one line. */
function fitSize(doc: Doc, text: string, width: number): number {
  let size = 8.5;
  doc.font('jpb');
  while (size > 5.5 && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  return size;
}

function drawHeader(l: Layout, sheet: PrintSheet) {
  const { doc } = l;
  const stampsW = STAMP * sheet.stamps.length;
  const titleW = l.width - stampsW - 12;
  doc.fillColor('#000').font('jpb').fontSize(15).text(sheet.title, M, M, { width: titleW });
  doc
    .font('jp')
    .fontSize(9)
    .text(sheet.subtitle, M, doc.y + 3, { width: titleW });
  const textBottom = doc.y;
  const boxes = stampBoxes(sheet.landscape, sheet.stamps.length);
  sheet.stamps.forEach((s, i) => {
    const { x } = boxes[i]!;
    doc.rect(x, M, STAMP, 13).fill(GREY);
    doc.rect(x, M, STAMP, STAMP).lineWidth(0.6).strokeColor(LINE).stroke();
    doc
      .moveTo(x, M + 13)
      .lineTo(x + STAMP, M + 13)
      .stroke();
    doc
      .fillColor('#000')
      .font('jpb')
      .fontSize(8)
      .text(s.label, x, M + 2.5, { width: STAMP, align: 'center' });
    if (s.name) {
      const size = fitSize(doc, s.name, STAMP - 6);
      doc
        .fillColor('#c92a2a')
        .font('jpb')
        .fontSize(size)
        .text(s.name, x + 2, M + 24 - size / 2, { width: STAMP - 4, align: 'center', height: 22 });
      doc
        .fillColor('#000')
        .font('jp')
        .fontSize(6.5)
        .text(s.at ?? '', x + 2, M + STAMP - 19, { width: STAMP - 4, align: 'center' });
    }
  });
  l.y = Math.max(textBottom, M + STAMP) + 8;
}

function drawField(l: Layout, field: FieldContent, facts: RecordDayFacts | null) {
  switch (field.type) {
    case 'text':
      return l.row(field.label, field.text, field.short ? 22 : 44);
    case 'value':
      return l.row(field.label, field.text, 22);
    case 'ticks':
      return l.row(field.label, tickLine(field), 22);
    case 'facts':
      return l.row(field.label, factsText(field.key, facts), 22);
    case 'grid':
      return l.grid(field);
  }
}

/** The sheet as PDF bytes. */
export function renderPdf(sheet: PrintSheet): Promise<Buffer> {
  const { doc, done } = japaneseA4({ title: sheet.title, landscape: sheet.landscape, margin: M, bufferPages: true });
  const l = new Layout(doc, doc.page.width - 2 * M);
  drawHeader(l, sheet);
  for (const section of sheet.sections) {
    if (section.newPage) {
      doc.addPage();
      l.y = M;
    }
    l.sectionTitle(section.title);
    for (const field of section.fields) drawField(l, field, sheet.facts);
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - M + 4;
    doc.page.margins.bottom = 0;
    doc
      .fillColor('#495057')
      .font('jp')
      .fontSize(7.5)
      .text(`${sheet.title}${SP}${i + 1} / ${range.count}${SP}印刷 ${sheet.printedAt}`, M, y, { width: l.width, align: 'right' });
  }
  doc.end();
  return done;
}
