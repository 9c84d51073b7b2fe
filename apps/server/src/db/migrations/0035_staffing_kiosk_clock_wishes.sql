CREATE TABLE "shift_wishes" (
	"facility_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_wishes_facility_id_user_id_date_pk" PRIMARY KEY("facility_id","user_id","date")
);
--> statement-breakpoint
ALTER TABLE "staff_time_entries" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_time_entries" ADD COLUMN "out_of_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_time_entries" ADD COLUMN "device_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staffing_settings" ADD COLUMN "wish_deadline_day" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_wishes" ADD CONSTRAINT "shift_wishes_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_wishes" ADD CONSTRAINT "shift_wishes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_wishes" ADD CONSTRAINT "shift_wishes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_time_entries_client_id_idx" ON "staff_time_entries" USING btree ("client_id");