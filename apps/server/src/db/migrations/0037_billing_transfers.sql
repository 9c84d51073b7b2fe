CREATE TABLE "billing_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"received_on" date NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"statement_id" integer,
	"payment_id" integer,
	"note" text,
	"imported_by" integer,
	"imported_at" timestamp with time zone NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_transfers" ADD CONSTRAINT "billing_transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transfers" ADD CONSTRAINT "billing_transfers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transfers" ADD CONSTRAINT "billing_transfers_statement_id_billing_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."billing_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transfers" ADD CONSTRAINT "billing_transfers_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_transfers" ADD CONSTRAINT "billing_transfers_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_transfers_facility_line_idx" ON "billing_transfers" USING btree ("facility_id","line_key");--> statement-breakpoint
CREATE INDEX "billing_transfers_facility_status_idx" ON "billing_transfers" USING btree ("facility_id","status");--> statement-breakpoint
CREATE INDEX "billing_transfers_company_idx" ON "billing_transfers" USING btree ("company_id");