import type { Notice } from '@renraku/contract';
import type { AppContext } from '../../context';
import { displaySize } from '../../lib/files';

export interface NoticeFileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  byteSize: number;
}

/**
 * What a notice shows to every family it addresses, as the bodies statement answers it (JSON:
 * instants as text), cached by id and version (notices.version, bumped by the database).
 */
export interface NoticeBody {
  id: number;
  version: number;
  title: string;
  text: string;
  releasedAt: string;
  companyId: number;
  facilityId: number;
  files: NoticeFileRow[] | null;
  questionnaire: { id: number; closeAt: string } | null;
}

export const isoInstant = (text: string) => new Date(text).toISOString();

/** A notice of the list without its children (the caller's addressed children are added to it). */
export function presentNotice(ctx: AppContext, body: NoticeBody, nurseryName: string): Notice {
  return {
    id: body.id,
    title: body.title,
    text: body.text,
    released_at: isoInstant(body.releasedAt),
    company_id: body.companyId,
    nursery: { nursery_id: body.facilityId, name: nurseryName },
    files: (body.files ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      url: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'thumb' }),
      fileUrl: f.isDocument ? null : ctx.files.url(f.storageKey, { variant: 'medium' }),
      isDocumentFile: f.isDocument,
      displaySize: displaySize(f.byteSize),
    })),
    children: [],
    childNotices: [],
    questionnaire: body.questionnaire ? { id: body.questionnaire.id, closeAt: isoInstant(body.questionnaire.closeAt) } : null,
  };
}

/** A notice's file as the staff's compose screen shows it: images at the medium size, a PDF's short-lived URL. */
export const presentStaffFile = (
  ctx: AppContext,
  f: { id: number; name: string; isDocument: boolean; byteSize: number; storageKey: string },
) => ({
  id: f.id,
  name: f.name,
  is_document: f.isDocument,
  byte_size: f.byteSize,
  url: ctx.files.url(f.storageKey, f.isDocument ? { ttlSec: 300 } : { variant: 'medium' }) ?? null,
});
