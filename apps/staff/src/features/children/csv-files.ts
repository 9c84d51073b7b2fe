import { childrenCsvColumns } from '@renraku/contract/staff';

/** The server's limit on a roster CSV (700 KB: under the 1 MB body limit once in base64). */
export const CSV_MAX_BYTES = 700 * 1024;

/** A file's bytes as base64, for the import calls' JSON body. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, which a whole file would overflow.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The roster template: the header row only (an example row would be imported as a child if left
 * in), UTF-8 with a BOM so that Excel opens the Japanese headers correctly.
 */
export function downloadRosterTemplate() {
  const blob = new Blob([`\uFEFF${childrenCsvColumns.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = '園児名簿テンプレート.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
