-- The notices page as index reads only (docs/decisions/notices-release-days.md):
-- 1. notice_targets carries copies of its notice's released_at and facility_id, set by the
--    database on every write of a target and followed on every change of the notice, so that the
--    page filters targets without looking each notice up;
-- 2. notice_release_days holds, per enrolment, the Tokyo days that have targets of its own
--    facility with the first release instant of the day, kept by statement triggers on
--    notice_targets: the page's ten days are ten index rows per enrolment, not a walk;
-- 3. notices.version, bumped on every change of a notice, its files or its questionnaire: the
--    list caches what a notice shows to every family by id and version.
CREATE TABLE "notice_release_days" (
	"note_child_id" integer NOT NULL,
	"day" date NOT NULL,
	"first_released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_release_days_note_child_id_day_pk" PRIMARY KEY("note_child_id","day")
);
--> statement-breakpoint
ALTER TABLE "notice_release_days" ADD CONSTRAINT "notice_release_days_note_child_id_note_children_id_fk" FOREIGN KEY ("note_child_id") REFERENCES "public"."note_children"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD COLUMN "facility_id" integer;--> statement-breakpoint
UPDATE "notice_targets" nt SET "facility_id" = n."facility_id", "released_at" = n."released_at" FROM "notices" n WHERE n."id" = nt."notice_id";--> statement-breakpoint
ALTER TABLE "notice_targets" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A target's copies come from its notice, whatever the writer sent.
CREATE FUNCTION "notice_targets_copy_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT n.released_at, n.facility_id INTO NEW.released_at, NEW.facility_id FROM notices n WHERE n.id = NEW.notice_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "notice_targets_copy_notice" BEFORE INSERT OR UPDATE OF "notice_id", "released_at", "facility_id" ON "notice_targets"
  FOR EACH ROW EXECUTE FUNCTION "notice_targets_copy_notice"();--> statement-breakpoint
-- A notice released at another time (or moved to another facility) takes its targets along.
CREATE FUNCTION "notices_follow_targets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notice_targets SET released_at = NEW.released_at, facility_id = NEW.facility_id WHERE notice_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notices_follow_targets" AFTER UPDATE OF "released_at", "facility_id" ON "notices"
  FOR EACH ROW WHEN (OLD.released_at IS DISTINCT FROM NEW.released_at OR OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION "notices_follow_targets"();--> statement-breakpoint
-- Recomputes the release days of the given (enrolment, day) keys from the targets there now.
CREATE FUNCTION "notice_release_days_refresh"(ids integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notice_release_days d USING unnest(ids, days) k(id, day) WHERE d.note_child_id = k.id AND d.day = k.day;
  INSERT INTO notice_release_days (note_child_id, day, first_released_at)
  SELECT k.id, k.day, first.released_at
  FROM unnest(ids, days) k(id, day)
  JOIN note_children nc ON nc.id = k.id
  CROSS JOIN LATERAL (
    SELECT nt.released_at FROM notice_targets nt
    WHERE nt.note_child_id = k.id AND nt.facility_id = nc.facility_id
      AND nt.released_at >= (k.day::timestamp AT TIME ZONE 'Asia/Tokyo')
      AND nt.released_at < ((k.day + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
    ORDER BY nt.released_at LIMIT 1) first;
END $$;--> statement-breakpoint
CREATE FUNCTION "notice_targets_sync_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  days date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.id), array_agg(k.day) INTO ids, days FROM (
      SELECT DISTINCT note_child_id AS id, (released_at AT TIME ZONE 'Asia/Tokyo')::date AS day FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.id), array_agg(k.day) INTO ids, days FROM (
      SELECT DISTINCT note_child_id AS id, (released_at AT TIME ZONE 'Asia/Tokyo')::date AS day FROM old_rows) k;
  ELSE
    -- Only rows whose enrolment, release or facility changed (marking read changes none).
    SELECT array_agg(k.id), array_agg(k.day) INTO ids, days FROM (
      SELECT o.note_child_id AS id, (o.released_at AT TIME ZONE 'Asia/Tokyo')::date AS day
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.note_child_id, o.released_at, o.facility_id) IS DISTINCT FROM (n.note_child_id, n.released_at, n.facility_id)
      UNION
      SELECT n.note_child_id, (n.released_at AT TIME ZONE 'Asia/Tokyo')::date
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.note_child_id, o.released_at, o.facility_id) IS DISTINCT FROM (n.note_child_id, n.released_at, n.facility_id)) k;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM notice_release_days_refresh(ids, days);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notice_targets_days_insert" AFTER INSERT ON "notice_targets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_targets_sync_days"();--> statement-breakpoint
CREATE TRIGGER "notice_targets_days_update" AFTER UPDATE ON "notice_targets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_targets_sync_days"();--> statement-breakpoint
CREATE TRIGGER "notice_targets_days_delete" AFTER DELETE ON "notice_targets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_targets_sync_days"();--> statement-breakpoint
-- The days of the targets already there.
SELECT notice_release_days_refresh(array_agg(k.id), array_agg(k.day)) FROM (
  SELECT DISTINCT note_child_id AS id, (released_at AT TIME ZONE 'Asia/Tokyo')::date AS day FROM notice_targets) k;
--> statement-breakpoint
CREATE FUNCTION "notices_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "notices_bump_version" BEFORE UPDATE ON "notices" FOR EACH ROW EXECUTE FUNCTION "notices_bump_version"();--> statement-breakpoint
-- A change of a notice's files or questionnaire is a change of the notice (a new version).
CREATE FUNCTION "notice_parts_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notices SET version = version + 1 WHERE id IN (SELECT notice_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notice_files_insert_bump" AFTER INSERT ON "notice_files"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();--> statement-breakpoint
CREATE TRIGGER "notice_files_update_bump" AFTER UPDATE ON "notice_files"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();--> statement-breakpoint
CREATE TRIGGER "notice_files_delete_bump" AFTER DELETE ON "notice_files"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();--> statement-breakpoint
CREATE TRIGGER "questionnaires_insert_bump" AFTER INSERT ON "questionnaires"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();--> statement-breakpoint
CREATE TRIGGER "questionnaires_update_bump" AFTER UPDATE ON "questionnaires"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();--> statement-breakpoint
CREATE TRIGGER "questionnaires_delete_bump" AFTER DELETE ON "questionnaires"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "notice_parts_bump_version"();
