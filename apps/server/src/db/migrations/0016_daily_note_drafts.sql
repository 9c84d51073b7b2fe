CREATE TABLE "daily_note_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_note_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"note_child_id" integer NOT NULL,
	"date" date NOT NULL,
	"content" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_notes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_notes" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "daily_note_drafts" ADD CONSTRAINT "daily_note_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_note_drafts" ADD CONSTRAINT "daily_note_drafts_note_child_id_note_children_id_fk" FOREIGN KEY ("note_child_id") REFERENCES "public"."note_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_note_drafts" ADD CONSTRAINT "daily_note_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_note_drafts_note_child_date_idx" ON "daily_note_drafts" USING btree ("note_child_id","date");--> statement-breakpoint
CREATE INDEX "daily_note_drafts_company_idx" ON "daily_note_drafts" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "daily_notes" ADD CONSTRAINT "daily_notes_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;