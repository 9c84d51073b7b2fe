CREATE TABLE "schedule_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"window_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_on" date NOT NULL,
	"mail_id" integer,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_nap_settings" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nap_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nap_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"position" text NOT NULL,
	"breathing_ok" boolean NOT NULL,
	"checked_by" integer,
	"device_id" integer
);
--> statement-breakpoint
CREATE TABLE "nap_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nap_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"started_by" integer
);
--> statement-breakpoint
DROP INDEX "schedule_windows_facility_idx";--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD COLUMN "open_days" date[];--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_window_id_schedule_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."schedule_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders" ADD CONSTRAINT "schedule_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nap_settings" ADD CONSTRAINT "class_nap_settings_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nap_settings" ADD CONSTRAINT "class_nap_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_nap_settings" ADD CONSTRAINT "class_nap_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_checks" ADD CONSTRAINT "nap_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_checks" ADD CONSTRAINT "nap_checks_session_id_nap_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."nap_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_checks" ADD CONSTRAINT "nap_checks_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_checks" ADD CONSTRAINT "nap_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_checks" ADD CONSTRAINT "nap_checks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_sessions" ADD CONSTRAINT "nap_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_sessions" ADD CONSTRAINT "nap_sessions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_sessions" ADD CONSTRAINT "nap_sessions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nap_sessions" ADD CONSTRAINT "nap_sessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_reminders_window_user_day_idx" ON "schedule_reminders" USING btree ("window_id","user_id","sent_on");--> statement-breakpoint
CREATE INDEX "nap_checks_session_child_idx" ON "nap_checks" USING btree ("session_id","child_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nap_sessions_class_date_idx" ON "nap_sessions" USING btree ("class_id","date");--> statement-breakpoint
ALTER TABLE "schedule_windows" ADD CONSTRAINT "schedule_windows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_windows_facility_first_day_idx" ON "schedule_windows" USING btree ("facility_id","first_day");