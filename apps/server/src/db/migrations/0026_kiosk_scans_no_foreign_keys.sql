ALTER TABLE "child_attendances" DROP CONSTRAINT "child_attendances_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "kiosk_scans" DROP CONSTRAINT "kiosk_scans_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "kiosk_scans" DROP CONSTRAINT "kiosk_scans_facility_id_facilities_id_fk";
--> statement-breakpoint
ALTER TABLE "kiosk_scans" DROP CONSTRAINT "kiosk_scans_device_id_devices_id_fk";
