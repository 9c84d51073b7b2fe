-- The schedules month reads a child's rows of a month through this index; with the answered
-- columns included it reads them from the index alone (docs/decisions/schedules-covering-index.md).
-- drizzle's index builder has no INCLUDE: the schema declares the same name and keys.
DROP INDEX "schedules_note_child_date_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_note_child_date_idx" ON "schedules" USING btree ("note_child_id","date") INCLUDE ("id","is_absent","attendance_time","leaving_time");
