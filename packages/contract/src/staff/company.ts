import { z } from 'zod';
import { defineCall, idParam } from '../common';
import { facilityProfileBody } from './facilities';
import { staffFacilitySchema } from './auth';

/** The company's side (staff.md §1): a company admin creates facilities and sees the company roll-up. */
export const companyParams = z.object({ companyId: idParam });

export const companyMessages = {
  facilityCreated: '施設を追加しました',
} as const;

export const postStaffCompanyFacility = defineCall({
  method: 'POST',
  path: '/api/staff/companies/{companyId}/facilities',
  summary:
    'Creates a facility of the company with its profile and the default functions (company admin only); answers it as the switcher lists it; audited',
  params: companyParams,
  body: facilityProfileBody,
  response: staffFacilitySchema,
  status: 201,
});

const countSchema = z.number().int();

export const rollupFacilitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Children whose enrolment covers today. */
  children_count: countSchema,
  /** Today's enrolled children per class of the current 年度 (every class, empty ones too), in order. */
  classes: z.array(
    z.object({ id: z.number().int(), name: z.string(), age_band: z.number().int().nullable(), children_count: countSchema }),
  ),
  /** Enrolled today but in no class of the current 年度. */
  children_without_class: countSchema,
  /** People with a membership at the facility covering today (the company's admins not counted). */
  staff_count: countSchema,
  /** Paired tablets not revoked. */
  devices_count: countSchema,
  /** Enrolled children with at least one linked guardian. */
  children_with_guardian: countSchema,
  /** Enrolled children with no linked guardian. */
  children_without_guardian: countSchema,
  /** Of those, the ones a registration is under way for (an open invitation or a registration URL not used nor expired). */
  registrations_pending: countSchema,
  /** Pick-up persons proposed by guardians, waiting for staff approval. */
  pickup_proposals: countSchema,
});
export type RollupFacility = z.infer<typeof rollupFacilitySchema>;

export const getStaffCompanyRollup = defineCall({
  method: 'GET',
  path: '/api/staff/companies/{companyId}/rollup',
  summary:
    'The company roll-up: one row per facility with today’s children, classes, staff, devices and guardians (company admin only)',
  params: companyParams,
  response: z.object({
    company: z.object({ id: z.number().int(), name: z.string() }),
    today: z.string(),
    fiscal_year: z.number().int(),
    facilities: z.array(rollupFacilitySchema),
  }),
});
