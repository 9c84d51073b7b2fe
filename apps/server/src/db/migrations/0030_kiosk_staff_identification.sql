CREATE TABLE "kiosk_staff_grants" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"device_issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_qr_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosk_scans" ADD COLUMN "via" text;--> statement-breakpoint
ALTER TABLE "kiosk_scans" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "kiosk_staff_grants" ADD CONSTRAINT "kiosk_staff_grants_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_staff_grants" ADD CONSTRAINT "kiosk_staff_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_qr_tokens" ADD CONSTRAINT "staff_qr_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_staff_grants_device_idx" ON "kiosk_staff_grants" USING btree ("device_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_qr_tokens_hash_idx" ON "staff_qr_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kiosk_scans_code_refused_idx" ON "kiosk_scans" USING btree ("device_id","received_at") WHERE pickup_type = 'code' and status = 'rejected';