CREATE TABLE "attendance_report_diseases" (
	"attendance_report_id" integer NOT NULL,
	"disease_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "attendance_report_diseases_attendance_report_id_disease_id_pk" PRIMARY KEY("attendance_report_id","disease_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"note_child_id" integer NOT NULL,
	"target_date" date NOT NULL,
	"status_id" smallint NOT NULL,
	"attendance_time" text,
	"leaving_time" text,
	"absence_type" smallint,
	"message" text DEFAULT '' NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "diseases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diseases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_report_diseases" ADD CONSTRAINT "attendance_report_diseases_attendance_report_id_attendance_reports_id_fk" FOREIGN KEY ("attendance_report_id") REFERENCES "public"."attendance_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_report_diseases" ADD CONSTRAINT "attendance_report_diseases_disease_id_diseases_id_fk" FOREIGN KEY ("disease_id") REFERENCES "public"."diseases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_report_diseases" ADD CONSTRAINT "attendance_report_diseases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD CONSTRAINT "attendance_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD CONSTRAINT "attendance_reports_note_child_id_note_children_id_fk" FOREIGN KEY ("note_child_id") REFERENCES "public"."note_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD CONSTRAINT "attendance_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_reports_note_child_date_idx" ON "attendance_reports" USING btree ("note_child_id","target_date","status_id");--> statement-breakpoint
CREATE INDEX "attendance_reports_note_child_created_idx" ON "attendance_reports" USING btree ("note_child_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_reports_company_idx" ON "attendance_reports" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diseases_name_idx" ON "diseases" USING btree ("name");