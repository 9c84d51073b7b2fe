import { z } from 'zod';
import { defineCall, messageSchema } from '../common';
import { loginBody } from '../auth';
import { staffRoles } from './common';

/** Where a staff sign-in stands: signed in, the TOTP code is due, or 2FA must be enrolled first. */
export const staffStages = ['ok', 'totp', 'totp_setup'] as const;
export const staffStageSchema = z.enum(staffStages);

export const postStaffLogin = defineCall({
  method: 'POST',
  path: '/api/staff/login',
  summary: 'Staff sign-in with the shared ID (email + password); a staff session apart from the guardian one',
  body: loginBody.omit({ remember: true }),
  response: z.object({ stage: staffStageSchema }),
});

export const totpCode = z
  .string({ message: '確認コードを入力してください' })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/i, '確認コードは6桁の数字（または回復コード）で入力してください');

export const postStaffLoginTotp = defineCall({
  method: 'POST',
  path: '/api/staff/login/totp',
  summary: 'Second factor of a staff sign-in: a TOTP code or a one-time recovery code',
  body: z.object({ code: totpCode }),
  response: z.object({ stage: staffStageSchema }),
});

export const postStaffLogout = defineCall({
  method: 'POST',
  path: '/api/staff/logout',
  summary: 'Ends the staff session (on a tablet: back to the PIN pad)',
  response: messageSchema,
});

export const staffMembershipSchema = z.object({
  id: z.number().int(),
  role: z.enum(staffRoles),
  company_id: z.number().int(),
  facility_id: z.number().int().nullable(),
  class_ids: z.array(z.number().int()),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
});

export const staffFacilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  /** The caller's strongest role there. */
  role: z.enum(staffRoles),
  class_ids: z.array(z.number().int()),
  /** The caller is the facility's 主任 (a 保育士 membership marked so by the 園長). */
  chief: z.boolean(),
});

export const getStaffMe = defineCall({
  method: 'GET',
  path: '/api/staff/me',
  summary: 'The signed-in staff member: stage, 2FA and PIN state, memberships and the facilities they grant today',
  response: z.object({
    user: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }),
    stage: staffStageSchema,
    totp_enabled: z.boolean(),
    pin_set: z.boolean(),
    /** The paired tablet this session runs on, null on a desktop. */
    device: z
      .object({
        id: z.number().int(),
        name: z.string(),
        facility_id: z.number().int(),
        /** A class tablet's class: the session works in it alone (docs/decisions/access-device-sessions.md). */
        class_id: z.number().int().nullable(),
      })
      .nullable(),
    memberships: z.array(staffMembershipSchema),
    facilities: z.array(staffFacilitySchema),
  }),
});

export const postStaffTotpSetup = defineCall({
  method: 'POST',
  path: '/api/staff/totp/setup',
  summary: 'Starts (or restarts) TOTP enrolment: a new secret and its otpauth:// URI for the QR',
  response: z.object({ secret: z.string(), uri: z.string() }),
});

export const postStaffTotpEnable = defineCall({
  method: 'POST',
  path: '/api/staff/totp/enable',
  summary: 'Confirms TOTP enrolment with a code; answers the one-time recovery codes (shown once)',
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, '確認コードは6桁の数字で入力してください'),
  }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
});

export const putStaffPin = defineCall({
  method: 'PUT',
  path: '/api/staff/me/pin',
  summary: 'Sets the caller’s 4-digit PIN for paired tablets (desktop sign-in only)',
  body: z.object({
    pin: z.string({ message: 'PINは4桁の数字で入力してください' }).regex(/^\d{4}$/, 'PINは4桁の数字で入力してください'),
  }),
  response: messageSchema,
});

/** The caller's personal QR for the gate kiosk (職員QR): only whether one is issued (the token is shown once). */
export const staffQrStateSchema = z.object({ issued_at: z.string().nullable() });

export const getStaffQr = defineCall({
  method: 'GET',
  path: '/api/staff/me/qr',
  summary: 'Whether the caller has a personal QR for the gate kiosk (desktop sign-in only)',
  response: staffQrStateSchema,
});

export const postStaffQr = defineCall({
  method: 'POST',
  path: '/api/staff/me/qr',
  summary: 'Issues the caller’s personal gate QR, replacing any former one (desktop sign-in only); answers the QR text once',
  status: 201,
  response: z.object({ qr: z.string(), issued_at: z.string() }),
});

export const deleteStaffQr = defineCall({
  method: 'DELETE',
  path: '/api/staff/me/qr',
  summary: 'Revokes the caller’s personal gate QR (desktop sign-in only)',
  response: messageSchema,
});
