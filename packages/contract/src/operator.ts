import { z } from 'zod';

/** Texts a deployer owns (DESIGN §7); the spec's wording is the demo default, set in server config. */
export const operatorSchema = z.object({
  app_name: z.string(),
  id_service_name: z.string(),
  company_name: z.string(),
  company_address: z.string(),
  head_office_address: z.string(),
  company_phone: z.string(),
  company_fax: z.string(),
  company_website_url: z.string(),
  support_phone: z.string(),
  contact_form_url: z.string(),
  usage_guide_url: z.string(),
  id_registration_url: z.string(),
  /** Base URL of the ID service; empty = the ID screens of this app (the idp module). */
  id_base_url: z.string(),
  mail_domains: z.array(z.string()),
});
export type Operator = z.infer<typeof operatorSchema>;
