CREATE TABLE "record_phrases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_phrases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"topic" text NOT NULL,
	"text" text NOT NULL,
	"age_bands" smallint[] DEFAULT '{}' NOT NULL,
	"month" smallint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "record_documents_class_kind_period_version_idx";--> statement-breakpoint
ALTER TABLE "record_documents" ADD COLUMN "child_id" integer;--> statement-breakpoint
ALTER TABLE "record_phrases" ADD CONSTRAINT "record_phrases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_phrases" ADD CONSTRAINT "record_phrases_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_phrases" ADD CONSTRAINT "record_phrases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_phrases_facility_idx" ON "record_phrases" USING btree ("facility_id","topic");--> statement-breakpoint
ALTER TABLE "record_documents" ADD CONSTRAINT "record_documents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_documents_child_kind_period_version_idx" ON "record_documents" USING btree ("child_id","kind","period_start","version") WHERE "record_documents"."child_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "record_documents_class_kind_period_version_idx" ON "record_documents" USING btree ("class_id","kind","period_start","version") WHERE "record_documents"."child_id" is null;