CREATE TABLE "record_yoroku_focuses" (
	"class_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_yoroku_focuses" ADD CONSTRAINT "record_yoroku_focuses_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_yoroku_focuses" ADD CONSTRAINT "record_yoroku_focuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_yoroku_focuses" ADD CONSTRAINT "record_yoroku_focuses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;