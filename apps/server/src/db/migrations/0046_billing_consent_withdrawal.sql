DROP INDEX "billing_item_consents_item_child_idx";--> statement-breakpoint
ALTER TABLE "billing_item_consents" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "month_from" date;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "withdrawn_from" date;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD COLUMN "withdrawn_recorded_by" integer;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item_consents" ADD CONSTRAINT "billing_item_consents_withdrawn_recorded_by_users_id_fk" FOREIGN KEY ("withdrawn_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_item_consents_item_child_idx" ON "billing_item_consents" USING btree ("item_id","child_id") WHERE withdrawn_from is null;