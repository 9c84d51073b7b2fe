import { z } from 'zod';
import { defineCall, idParam, instantString, messageSchema } from '../common';
import { bannerLevels } from '../constants/feed';
import { facilityParams } from './facilities';

/**
 * The facility's banners over the guardians' home feed (staff.md §3): shown to the guardians of the
 * children enrolled at the facility during their display period. The facility may also set its own
 * manual banner (a title and a link, e.g. its guide for families), shown instead of the operator's.
 */
export const bannerLevelLabels: Record<(typeof bannerLevels)[number], string> = { info: 'お知らせ', alert: '重要' };

export const staffBannerSchema = z.object({
  id: z.number().int(),
  level: z.enum(bannerLevels),
  label: z.string(),
  message: z.string(),
  starts_at: z.string(),
  /** null: shown until deleted. */
  ends_at: z.string().nullable(),
  /** Against the request's time: not yet shown, shown now, no longer shown. */
  status: z.enum(['scheduled', 'showing', 'ended']),
});
export type StaffBanner = z.infer<typeof staffBannerSchema>;

export const bannerMessages = {
  endsBeforeStart: '表示終了日時は表示開始日時より後にしてください',
  endsInPast: '表示終了日時は現在より後にしてください',
  deleted: 'バナーを削除しました',
} as const;

export const getStaffFacilityBanners = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/banners',
  summary: 'The facility’s banners, newest first (every member)',
  params: facilityParams,
  response: z.array(staffBannerSchema),
});

/** Bounded to 2000–2100 by the contract's one helper (docs/decisions/platform-date-ranges.md). */
const instant = instantString;

export const bannerBody = z
  .object({
    level: z.enum(bannerLevels, { message: '種類を選択してください' }),
    label: z
      .string({ message: '見出しを入力してください' })
      .trim()
      .min(1, '見出しを入力してください')
      .max(10, '見出しは10文字以内で入力してください'),
    message: z
      .string({ message: '本文を入力してください' })
      .trim()
      .min(1, '本文を入力してください')
      .max(200, '本文は200文字以内で入力してください'),
    starts_at: instant('表示開始日時'),
    ends_at: instant('表示終了日時').nullable().optional().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.ends_at && new Date(body.ends_at) <= new Date(body.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: bannerMessages.endsBeforeStart });
    }
  });

export const postStaffFacilityBanner = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/banners',
  summary: 'Adds a banner for the facility’s guardians with its display period (director, company admin); audited',
  params: facilityParams,
  body: bannerBody,
  response: staffBannerSchema,
  status: 201,
});

export const deleteStaffBanner = defineCall({
  method: 'DELETE',
  path: '/api/staff/banners/{bannerId}',
  summary: 'Deletes one of the facility’s banners (director, company admin); audited',
  params: z.object({ bannerId: idParam }),
  response: messageSchema,
});

// ---------------------------------------------------------------------------------------------
// The facility's manual banner (the link at the top of the guardians' home feed)

export const manualBannerMessages = {
  saved: 'マニュアルバナーを保存しました',
  deleted: 'マニュアルバナーを削除しました（運営のマニュアルバナーが表示されます）',
} as const;

export const staffManualBannerSchema = z.object({
  title: z.string(),
  url: z.string(),
  updated_at: z.string(),
});
export type StaffManualBanner = z.infer<typeof staffManualBannerSchema>;

export const getStaffManualBanner = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/manual-banner',
  summary: 'The facility’s own manual banner, or `data: null` when the guardians see the operator’s (every member)',
  params: facilityParams,
  response: z.object({ data: staffManualBannerSchema.nullable() }),
});

export const manualBannerBody = z.object({
  title: z
    .string({ message: 'バナーの文言を入力してください' })
    .trim()
    .min(1, 'バナーの文言を入力してください')
    .max(40, 'バナーの文言は40文字以内で入力してください'),
  url: z
    .string({ message: 'リンク先のURLを入力してください' })
    .trim()
    .min(1, { message: 'リンク先のURLを入力してください', abort: true })
    .max(500, { message: 'リンク先のURLは500文字以内で入力してください', abort: true })
    .regex(/^https?:\/\/[^\s/?#]+\.[^\s]*$/, 'リンク先のURLは https:// から始まる形で入力してください'),
});

export const putStaffManualBanner = defineCall({
  method: 'PUT',
  path: '/api/staff/facilities/{facilityId}/manual-banner',
  summary:
    'Sets the facility’s manual banner shown to its guardians instead of the operator’s (director, company admin); audited',
  params: facilityParams,
  body: manualBannerBody,
  response: z.object({ data: staffManualBannerSchema.nullable() }),
});

export const deleteStaffManualBanner = defineCall({
  method: 'DELETE',
  path: '/api/staff/facilities/{facilityId}/manual-banner',
  summary: 'Removes the facility’s manual banner: its guardians see the operator’s again (director, company admin); audited',
  params: facilityParams,
  response: messageSchema,
});
