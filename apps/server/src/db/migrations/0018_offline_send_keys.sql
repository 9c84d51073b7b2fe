ALTER TABLE "attendance_reports" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "attendance_reports_client_key_idx" ON "attendance_reports" USING btree ("note_child_id","client_key") WHERE client_key is not null;