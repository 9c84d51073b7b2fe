import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
let n = 0;

/** A PDF's text as pdftotext reads it (whitespace removed) and its page size as pdfinfo reports it (poppler-utils). */
export function pdfText(bytes: Buffer): { text: string; pages: string } {
  const file = join(dir, `${++n}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
  const pages = /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]!;
  return { text, pages };
}
