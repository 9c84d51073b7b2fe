import { z } from 'zod';
import { dateString, defineCall, idParam, messageSchema } from '../common';

/**
 * The day's photos of a class (staff.md §4 "Photos"): staff upload photos from the tablet, each
 * tagged to children of the class (→ 今日の写真 of those children only) or to the class
 * (→ クラスの写真). Guardians see them with the day's 公開 (docs/decisions/feed-staff-photos.md).
 */

export const photoMessages = {
  noTag: '写真を載せる園児またはクラスを選んでください',
  notInClass: 'このクラスに在籍していない園児が含まれています',
  tooManyTags: '選べる園児の数を超えています',
  uploaded: '写真をアップロードしました',
  removed: '写真を取り消しました',
} as const;

/** One placement of a photo: in one child's 今日の写真 or in the class's クラスの写真. */
export const photoPlacementSchema = z.object({
  /** The placement's id (DELETE /api/staff/photo-files/{fileId} removes this one). */
  file_id: z.number().int(),
  /** null: the class (クラスの写真). */
  child: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Guardians see it now: the child's note (or, for the class, a note of the class) of the day is published. */
  visible: z.boolean(),
});
export type PhotoPlacement = z.infer<typeof photoPlacementSchema>;

/** One uploaded photo (one stored image) with every placement it has. */
export const staffPhotoSchema = z.object({
  /** The stored image's id: its first placement's id. */
  id: z.number().int(),
  name: z.string(),
  thumb_url: z.string(),
  medium_url: z.string(),
  placements: z.array(photoPlacementSchema),
});
export type StaffPhoto = z.infer<typeof staffPhotoSchema>;

export const classPhotosSchema = z.object({
  date: z.string(),
  class: z.object({ id: z.number().int(), name: z.string(), facility_id: z.number().int() }),
  /** The caller may upload for this class (its class staff, director, company admin) and the day is open. */
  can_write: z.boolean(),
  /** The caller may take a photo off (a wrong tag) on any day, read-only days included. */
  can_remove: z.boolean(),
  /** The children of the class that day (the tags offered). */
  children: z.array(z.object({ id: z.number().int(), name: z.string(), absent: z.boolean() })),
  photos: z.array(staffPhotoSchema),
});
export type ClassPhotos = z.infer<typeof classPhotosSchema>;

const classParams = z.object({ classId: idParam });

export const getStaffClassPhotos = defineCall({
  method: 'GET',
  path: '/api/staff/classes/{classId}/photos',
  summary: 'The class’s photos of a day (today by default) with their tags and whether guardians see them yet',
  params: classParams,
  query: z.object({ date: dateString.optional() }),
  response: classPhotosSchema,
});

/**
 * The fields of the multipart upload besides `upload_file` (one photo per request, so one failed
 * upload loses nothing else): the day, the children (comma-separated ids) and whether the class.
 */
export const photoUploadFields = z.object({
  date: dateString,
  child_ids: z
    .string()
    .optional()
    .default('')
    .transform((value, ctx) => {
      const parts = value.split(',').filter((part) => part.trim() !== '');
      const ids = parts.map((part) => Number(part.trim()));
      if (ids.some((id) => !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: photoMessages.notInClass });
        return z.NEVER;
      }
      if (ids.length > 80) {
        ctx.addIssue({ code: 'custom', message: photoMessages.tooManyTags });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
  /** 'true': also in the class's クラスの写真. */
  to_class: z
    .enum(['true', 'false'])
    .optional()
    .default('false')
    .transform((value) => value === 'true'),
});

export const postStaffClassPhoto = defineCall({
  method: 'POST',
  path: '/api/staff/classes/{classId}/photos',
  summary:
    'Uploads one photo (multipart: upload_file, date, child_ids, to_class) tagged to children of the class and/or the class; metadata stripped, variants made (class staff of the class, director, company admin); audited',
  params: classParams,
  upload: { file: 'upload_file', fields: ['date', 'child_ids', 'to_class', 'content_name'] },
  response: staffPhotoSchema,
  status: 201,
});

export const deleteStaffPhotoFile = defineCall({
  method: 'DELETE',
  path: '/api/staff/photo-files/{fileId}',
  summary:
    'Removes one placement of a photo (a wrong tag); the stored image goes with its last placement (who may write the class); audited',
  params: z.object({ fileId: idParam }),
  response: messageSchema,
});
