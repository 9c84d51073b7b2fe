import { existsSync, readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * The one place the server opens a Japanese PDF (docs/decisions/records-print.md): pdfkit with a
 * subset of Noto Sans CJK JP embedded (Debian's fonts-noto-cjk, which
 * scripts/ensure-system-packages.sh installs), so the text is selectable and searchable. The faces
 * are registered as `jp` and `jpb` (bold). Used by the records' prints and billing's 領収書.
 */

const FONT_DIRS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/noto-cjk', '/usr/share/fonts/google-noto-cjk'];
const fonts: { regular?: Buffer; bold?: Buffer } = {};

/** The two faces of Noto Sans CJK (a collection: the JP face is picked by its PostScript name), read once. */
function loadFonts(): { regular: Buffer; bold: Buffer } {
  if (!fonts.regular || !fonts.bold) {
    const dir = FONT_DIRS.find((d) => existsSync(`${d}/NotoSansCJK-Regular.ttc`));
    if (!dir) throw new Error('Noto Sans CJK is missing: run scripts/ensure-system-packages.sh (fonts-noto-cjk)');
    fonts.regular = readFileSync(`${dir}/NotoSansCJK-Regular.ttc`);
    fonts.bold = existsSync(`${dir}/NotoSansCJK-Bold.ttc`) ? readFileSync(`${dir}/NotoSansCJK-Bold.ttc`) : fonts.regular;
  }
  return { regular: fonts.regular, bold: fonts.bold };
}

/** An A4 document with the Japanese faces registered, and the promise of its bytes once `doc.end()` is called. */
export function japaneseA4(options: { title: string; landscape?: boolean; margin: number; bufferPages?: boolean }): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margin: options.margin,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Creator: 'れんらくノート' },
    lang: 'ja-JP',
  });
  doc.registerFont('jp', regular, 'NotoSansCJKjp-Regular');
  doc.registerFont('jpb', bold, 'NotoSansCJKjp-Bold');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
