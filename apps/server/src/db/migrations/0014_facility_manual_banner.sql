ALTER TABLE "manual_banners" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "manual_banners" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "manual_banners" ADD CONSTRAINT "manual_banners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_banners" ADD CONSTRAINT "manual_banners_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_banners_facility_idx" ON "manual_banners" USING btree ("facility_id");