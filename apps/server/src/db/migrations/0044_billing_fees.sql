CREATE TABLE "billing_item_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_item_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"consented_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sibling_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_sibling_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"applies_to" text[] NOT NULL,
	"count_declared_older" boolean DEFAULT false NOT NULL,
	"tiers" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_temporary_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_temporary_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"half_day_hours" smallint NOT NULL,
	"bands" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_temporary_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_temporary_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
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
ALTER TABLE "billing_child_attributes" ADD COLUMN "older_siblings_outside" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_item_id_billing_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."billing_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sibling_discounts" ADD CONSTRAINT "billing_sibling_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sibling_discounts" ADD CONSTRAINT "billing_sibling_discounts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sibling_discounts" ADD CONSTRAINT "billing_sibling_discounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_rates" ADD CONSTRAINT "billing_temporary_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_rates" ADD CONSTRAINT "billing_temporary_rates_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_rates" ADD CONSTRAINT "billing_temporary_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_uses" ADD CONSTRAINT "billing_temporary_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_uses" ADD CONSTRAINT "billing_temporary_uses_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_uses" ADD CONSTRAINT "billing_temporary_uses_child_id_children_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."children"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_temporary_uses" ADD CONSTRAINT "billing_temporary_uses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_item_consents_item_child_idx" ON "billing_item_consents" USING btree ("item_id","child_id");--> statement-breakpoint
CREATE INDEX "billing_item_consents_child_idx" ON "billing_item_consents" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "billing_item_consents_company_idx" ON "billing_item_consents" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_sibling_discounts_facility_from_idx" ON "billing_sibling_discounts" USING btree ("facility_id","valid_from");--> statement-breakpoint
CREATE INDEX "billing_sibling_discounts_company_idx" ON "billing_sibling_discounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_temporary_rates_facility_from_idx" ON "billing_temporary_rates" USING btree ("facility_id","valid_from");--> statement-breakpoint
CREATE INDEX "billing_temporary_rates_company_idx" ON "billing_temporary_rates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "billing_temporary_uses_facility_date_idx" ON "billing_temporary_uses" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "billing_temporary_uses_company_idx" ON "billing_temporary_uses" USING btree ("company_id");