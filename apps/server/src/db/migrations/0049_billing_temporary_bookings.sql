CREATE TABLE "billing_temporary_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_temporary_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"date" date NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_children" ADD COLUMN "temporary_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_temporary_bookings" ADD CONSTRAINT "billing_temporary_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_bookings" ADD CONSTRAINT "billing_temporary_bookings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_bookings" ADD CONSTRAINT "billing_temporary_bookings_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_bookings" ADD CONSTRAINT "billing_temporary_bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_temporary_bookings_facility_child_date_idx" ON "billing_temporary_bookings" USING btree ("facility_id","child_id","date");--> statement-breakpoint
CREATE INDEX "billing_temporary_bookings_facility_date_idx" ON "billing_temporary_bookings" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "billing_temporary_bookings_company_idx" ON "billing_temporary_bookings" USING btree ("company_id");