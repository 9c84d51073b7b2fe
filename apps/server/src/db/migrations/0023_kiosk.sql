CREATE TABLE "kiosk_scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"note_child_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"pickup_type" text,
	"pickup_person_id" integer,
	"pickup_code_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pickup_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"name" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_scan_id" uuid
);
--> statement-breakpoint
ALTER TABLE "child_attendances" ADD COLUMN "arrival_scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "child_attendances" ADD COLUMN "pickup_scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "purpose" text DEFAULT 'class' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "clock_skew_ms" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kiosk_scans" ADD CONSTRAINT "kiosk_scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_scans" ADD CONSTRAINT "kiosk_scans_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_scans" ADD CONSTRAINT "kiosk_scans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_codes" ADD CONSTRAINT "pickup_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_codes" ADD CONSTRAINT "pickup_codes_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_codes" ADD CONSTRAINT "pickup_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_scans_child_kind_idx" ON "kiosk_scans" USING btree ("note_child_id","kind","scanned_at");--> statement-breakpoint
CREATE INDEX "kiosk_scans_facility_date_idx" ON "kiosk_scans" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "pickup_codes_child_idx" ON "pickup_codes" USING btree ("child_id","expires_at");