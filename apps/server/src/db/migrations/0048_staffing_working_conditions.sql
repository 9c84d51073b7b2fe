CREATE TABLE "staff_working_conditions" (
	"facility_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"max_days_per_week" integer,
	"max_days_per_month" integer,
	"max_consecutive_days" integer,
	"max_hours_per_month" integer,
	"pattern_ids" integer[],
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_working_conditions_facility_id_user_id_pk" PRIMARY KEY("facility_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "staff_working_conditions" ADD CONSTRAINT "staff_working_conditions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_working_conditions" ADD CONSTRAINT "staff_working_conditions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_working_conditions" ADD CONSTRAINT "staff_working_conditions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_working_conditions" ADD CONSTRAINT "staff_working_conditions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;