import { z } from 'zod';
import { dateString, defineCall, idParam, messageSchema } from '../common';
import { facilityParams } from './facilities';

/** The facility's staff (staff.md §3 "Staff"): invite by email, role, classes, 所属期間, end. */
export const memberRoles = ['director', 'class_staff', 'office'] as const;

export const staffMemberSchema = z.object({
  membership_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(['company_admin', ...memberRoles]),
  class_ids: z.array(z.number().int()),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
  /** current / upcoming / ended on the request's day */
  status: z.enum(['current', 'upcoming', 'ended']),
  pin_set: z.boolean(),
  totp_enabled: z.boolean(),
  /** false until the invited person has set a password for their ID */
  has_password: z.boolean(),
  /** 主任: a 保育士 the 園長 marked so (approves plans and records, edits shifts and 打刻). */
  is_chief: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const getStaffMembers = defineCall({
  method: 'GET',
  path: '/api/staff/facilities/{facilityId}/members',
  summary: 'The facility’s staff memberships, current first, ended ones last (director, company admin)',
  params: facilityParams,
  response: z.array(staffMemberSchema),
});

const memberFields = {
  role: z.enum(memberRoles, { message: '役割を選択してください' }),
  class_ids: z.array(idParam).max(20).optional().default([]),
  valid_until: dateString.nullable().optional().default(null),
};

export const postStaffMember = defineCall({
  method: 'POST',
  path: '/api/staff/facilities/{facilityId}/members',
  summary:
    'Invites a person by email as staff: a membership, and a mail through the outbox (a link to set the ID’s password when the address has no ID yet) (director, company admin); audited',
  params: facilityParams,
  body: z.object({
    email: z
      .string({ message: 'メールアドレスを入力してください' })
      .trim()
      .min(1, 'メールアドレスを入力してください')
      .max(255)
      .email('メールアドレスの形式が正しくありません'),
    name: z
      .string({ message: 'お名前を入力してください' })
      .trim()
      .min(1, 'お名前を入力してください')
      .max(50, 'お名前は50文字以内で入力してください'),
    valid_from: dateString,
    ...memberFields,
  }),
  response: staffMemberSchema,
  status: 201,
});

export const membershipParams = z.object({ membershipId: idParam });

export const putStaffMember = defineCall({
  method: 'PUT',
  path: '/api/staff/members/{membershipId}',
  summary: 'Changes a membership’s role, classes or last day (director, company admin); audited',
  params: membershipParams,
  body: z.object(memberFields),
  response: staffMemberSchema,
});

export const memberChiefMessages = {
  chief: '主任にするかどうかを選択してください',
  classStaffOnly: '主任にできるのは保育士だけです',
  chiefSet: '主任にしました',
  chiefCleared: '主任を外しました',
} as const;

export const putStaffMemberChief = defineCall({
  method: 'PUT',
  path: '/api/staff/members/{membershipId}/chief',
  summary: 'Marks a 保育士 membership as 主任, or clears it (director, company admin); audited',
  params: membershipParams,
  body: z.object({ is_chief: z.boolean({ message: memberChiefMessages.chief }) }),
  response: staffMemberSchema,
});

export const deleteStaffMember = defineCall({
  method: 'DELETE',
  path: '/api/staff/members/{membershipId}',
  summary: 'Ends a membership as of yesterday: it grants nothing from today; never deleted (director, company admin); audited',
  params: membershipParams,
  response: messageSchema,
});
