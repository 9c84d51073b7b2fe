CREATE TABLE "record_document_updates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_document_updates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_settings" ADD COLUMN "writes_daily_plans" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "record_document_updates" ADD CONSTRAINT "record_document_updates_document_id_record_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."record_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_document_updates_document_idx" ON "record_document_updates" USING btree ("document_id","id");