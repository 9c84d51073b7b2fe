CREATE TABLE "billing_bank_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_type" text NOT NULL,
	"number_sealed" text NOT NULL,
	"number_last3" text NOT NULL,
	"holder" text NOT NULL,
	"entered_by" text NOT NULL,
	"first_requested_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_debit_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_debit_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"customer_number" text NOT NULL,
	"amount" integer NOT NULL,
	"number_last3" text NOT NULL,
	"result_code" text,
	"result_imported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_debit_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_debit_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"month" date NOT NULL,
	"debit_date" date NOT NULL,
	"file_base64" text NOT NULL,
	"count" integer NOT NULL,
	"total" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_debit_settings" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"consignor_code" text NOT NULL,
	"consignor_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"account_type" text NOT NULL,
	"account_number" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_bank_accounts" ADD CONSTRAINT "billing_bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_bank_accounts" ADD CONSTRAINT "billing_bank_accounts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_bank_accounts" ADD CONSTRAINT "billing_bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_bank_accounts" ADD CONSTRAINT "billing_bank_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_items" ADD CONSTRAINT "billing_debit_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_items" ADD CONSTRAINT "billing_debit_items_request_id_billing_debit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."billing_debit_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_items" ADD CONSTRAINT "billing_debit_items_statement_id_billing_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."billing_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_requests" ADD CONSTRAINT "billing_debit_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_requests" ADD CONSTRAINT "billing_debit_requests_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_requests" ADD CONSTRAINT "billing_debit_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_settings" ADD CONSTRAINT "billing_debit_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_settings" ADD CONSTRAINT "billing_debit_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_debit_settings" ADD CONSTRAINT "billing_debit_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_bank_accounts_facility_user_idx" ON "billing_bank_accounts" USING btree ("facility_id","user_id");--> statement-breakpoint
CREATE INDEX "billing_bank_accounts_company_idx" ON "billing_bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_debit_items_request_customer_idx" ON "billing_debit_items" USING btree ("request_id","customer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_debit_items_statement_idx" ON "billing_debit_items" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_debit_requests_facility_month_idx" ON "billing_debit_requests" USING btree ("facility_id","month");