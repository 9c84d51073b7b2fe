CREATE TABLE "child_attendances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "child_attendances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"note_child_id" integer NOT NULL,
	"date" date NOT NULL,
	"arrived_at" text,
	"picked_up_at" text,
	"source" text NOT NULL,
	"recorded_by" integer,
	"device_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "staff_reply" text;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "staff_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "staff_reply_by" integer;--> statement-breakpoint
ALTER TABLE "family_information" ADD COLUMN "staff_reply_name" text;--> statement-breakpoint
ALTER TABLE "child_attendances" ADD CONSTRAINT "child_attendances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_attendances" ADD CONSTRAINT "child_attendances_note_child_id_note_children_id_fk" FOREIGN KEY ("note_child_id") REFERENCES "public"."note_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "child_attendances" ADD CONSTRAINT "child_attendances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_attendances_note_child_date_idx" ON "child_attendances" USING btree ("note_child_id","date");--> statement-breakpoint
CREATE INDEX "child_attendances_company_idx" ON "child_attendances" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD CONSTRAINT "attendance_reports_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_information" ADD CONSTRAINT "family_information_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_information" ADD CONSTRAINT "family_information_staff_reply_by_users_id_fk" FOREIGN KEY ("staff_reply_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;