CREATE TABLE "device_pin_attempts" (
	"device_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"failed_count" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "device_pin_attempts_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pin_failed_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pin_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pin_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_pin_attempts" ADD CONSTRAINT "device_pin_attempts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pin_attempts" ADD CONSTRAINT "device_pin_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_pin_attempts_user_idx" ON "device_pin_attempts" USING btree ("user_id");