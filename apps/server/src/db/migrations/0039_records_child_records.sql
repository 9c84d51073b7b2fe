CREATE TABLE "child_records" (
	"child_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"admission_notes" text DEFAULT '' NOT NULL,
	"birth_history" text DEFAULT '' NOT NULL,
	"development_history" text DEFAULT '' NOT NULL,
	"medical_history" text DEFAULT '' NOT NULL,
	"immunizations" text DEFAULT '' NOT NULL,
	"allergy_cause" text DEFAULT '' NOT NULL,
	"family_doctor" text DEFAULT '' NOT NULL,
	"family_situation" text DEFAULT '' NOT NULL,
	"emergency_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_settings" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"term_start_months" smallint[] DEFAULT '{4,6,9,1}' NOT NULL,
	"progress_terms_from_age" smallint DEFAULT 3 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_records" ADD CONSTRAINT "child_records_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_records" ADD CONSTRAINT "child_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_records" ADD CONSTRAINT "child_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_settings" ADD CONSTRAINT "record_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_settings" ADD CONSTRAINT "record_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_settings" ADD CONSTRAINT "record_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;