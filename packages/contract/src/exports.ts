import { z } from 'zod';
import { defineCall, idParam } from './common';
import { exportStatusValues } from './constants/exports';

export * from './constants/exports';

/*
 * Take your data along (issue 20; docs/decisions/exports-child-archive.md): a main guardian asks for
 * a child's archive (every photo the family was allowed to see, in original quality with dated
 * names, and the history of daily notes and contact books as CSV and a printable page). It is
 * prepared in the background; the page shows its progress and the mail its link.
 */

export const childExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(exportStatusValues),
  /** Files written so far, of `total` (photos + the history files); 0 of 0 while queued. */
  done: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
  /** When the download link stops (or stopped) working (ready and expired only). */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** The signed download URL (ready and not expired only). */
  downloadUrl: z.string().nullable(),
});
export type ChildExport = z.infer<typeof childExportSchema>;

const params = z.object({ childId: idParam });

export const getChildExport = defineCall({
  method: 'GET',
  path: '/api/children/{childId}/exports/latest',
  summary: "The main guardian's latest archive of the child (null when none was asked for)",
  params,
  response: z.object({ export: childExportSchema.nullable() }),
});

export const postChildExport = defineCall({
  method: 'POST',
  path: '/api/children/{childId}/exports',
  summary: 'Asks for the child’s archive (answers the one under way, if any); prepared in the background',
  params,
  status: 202,
  response: z.object({ export: childExportSchema }),
});
