CREATE TABLE "class_broadcasts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_broadcasts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"date" date NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"note_child_id" integer NOT NULL,
	"date" date NOT NULL,
	"attendance_time" text,
	"leaving_time" text,
	"text" text,
	"employee_name" text,
	"thermometries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sleeps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"defecations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"school_meal" text,
	"lunch_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lunch_note" text,
	"snack_morning" text,
	"snack_afternoon" text,
	"snack_contact_to_parents" text,
	"milks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer,
	"level" text NOT NULL,
	"label" text NOT NULL,
	"message" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"daily_note_id" integer,
	"class_broadcast_id" integer,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"is_document" boolean DEFAULT false NOT NULL,
	"size_bytes" integer NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manual_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_broadcasts" ADD CONSTRAINT "class_broadcasts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_broadcasts" ADD CONSTRAINT "class_broadcasts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_broadcasts" ADD CONSTRAINT "class_broadcasts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_notes" ADD CONSTRAINT "daily_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_notes" ADD CONSTRAINT "daily_notes_note_child_id_note_children_id_fk" FOREIGN KEY ("note_child_id") REFERENCES "public"."note_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_banners" ADD CONSTRAINT "feed_banners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_daily_note_id_daily_notes_id_fk" FOREIGN KEY ("daily_note_id") REFERENCES "public"."daily_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_files" ADD CONSTRAINT "feed_files_class_broadcast_id_class_broadcasts_id_fk" FOREIGN KEY ("class_broadcast_id") REFERENCES "public"."class_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_broadcasts_class_date_idx" ON "class_broadcasts" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "class_broadcasts_company_idx" ON "class_broadcasts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_notes_note_child_date_idx" ON "daily_notes" USING btree ("note_child_id","date");--> statement-breakpoint
CREATE INDEX "daily_notes_company_idx" ON "daily_notes" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "feed_banners_starts_idx" ON "feed_banners" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "feed_banners_company_idx" ON "feed_banners" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "feed_files_daily_note_idx" ON "feed_files" USING btree ("daily_note_id");--> statement-breakpoint
CREATE INDEX "feed_files_class_broadcast_idx" ON "feed_files" USING btree ("class_broadcast_id");--> statement-breakpoint
CREATE INDEX "feed_files_company_idx" ON "feed_files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "manual_banners_published_idx" ON "manual_banners" USING btree ("published_at");