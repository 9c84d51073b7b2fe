CREATE TABLE "facility_closed_days" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facility_closed_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facility_promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"from_fiscal_year" integer NOT NULL,
	"promoted_by" integer NOT NULL,
	"promoted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "opening_time" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "closing_time" text;--> statement-breakpoint
ALTER TABLE "feed_banners" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "facility_closed_days" ADD CONSTRAINT "facility_closed_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_closed_days" ADD CONSTRAINT "facility_closed_days_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_promotions" ADD CONSTRAINT "facility_promotions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_promotions" ADD CONSTRAINT "facility_promotions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facility_closed_days_facility_date_idx" ON "facility_closed_days" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "facility_closed_days_company_idx" ON "facility_closed_days" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facility_promotions_facility_year_idx" ON "facility_promotions" USING btree ("facility_id","from_fiscal_year");--> statement-breakpoint
CREATE INDEX "facility_promotions_company_idx" ON "facility_promotions" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "feed_banners" ADD CONSTRAINT "feed_banners_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_banners_facility_idx" ON "feed_banners" USING btree ("facility_id");