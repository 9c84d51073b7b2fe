import { PDFDocument } from 'pdf-lib';

/**
 * Whether the bytes are a PDF a reader opens: pdf-lib parses its objects and finds at least one
 * page. A file that only starts with `%PDF-` (an HTML page, a script) is not (issue 30;
 * docs/decisions/platform-upload-formats.md). Encrypted PDFs are taken (their structure parses).
 */
export async function isReadablePdf(bytes: Buffer): Promise<boolean> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}
