ALTER TABLE "staff_time_entries" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_time_entries" ADD COLUMN "out_of_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_time_entries" ADD COLUMN "device_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_time_entries_client_id_idx" ON "staff_time_entries" USING btree ("client_id");