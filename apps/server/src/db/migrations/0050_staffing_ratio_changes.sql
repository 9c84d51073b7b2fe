-- The live ratio's change counter (issue 35, docs/decisions/staffing-live-ratio.md): statement
-- triggers bump a facility's row in the transaction of every write of a table that ratio-inputs.ts
-- reads, whoever writes it (the app, a script, a test). ratio-version recomputes its digest only when
-- the count moved; a bump too many costs one recompute, a bump missing would leave a screen stale, so
-- every input table is here. The counts are taken in facility order (no deadlock between two writers
-- of several facilities).
CREATE TABLE "staffing_ratio_changes" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "staffing_ratio_bump"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO staffing_ratio_changes AS c (facility_id, changes)
  SELECT DISTINCT f, 1 FROM unnest(ids) f WHERE f IS NOT NULL ORDER BY 1
  ON CONFLICT (facility_id) DO UPDATE SET changes = c.changes + 1
$$;--> statement-breakpoint
-- Rows that name their facility: settings, rooms, enrolments, memberships, 打刻, room moves.
CREATE FUNCTION "staffing_ratio_changed_facility"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staffing_ratio_bump(array(SELECT facility_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staffing_ratio_bump(array(SELECT facility_id FROM old_rows));
  ELSE
    PERFORM staffing_ratio_bump(array(SELECT facility_id FROM new_rows UNION SELECT facility_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A child's day: its enrolment's facility.
CREATE FUNCTION "staffing_ratio_changed_attendance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staffing_ratio_bump(array(SELECT nc.facility_id FROM note_children nc WHERE nc.id IN (SELECT note_child_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staffing_ratio_bump(array(SELECT nc.facility_id FROM note_children nc WHERE nc.id IN (SELECT note_child_id FROM old_rows)));
  ELSE
    PERFORM staffing_ratio_bump(array(SELECT nc.facility_id FROM note_children nc
      WHERE nc.id IN (SELECT note_child_id FROM new_rows UNION SELECT note_child_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A child's birth date: every facility the child is enrolled at.
CREATE FUNCTION "staffing_ratio_changed_child"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staffing_ratio_bump(array(SELECT nc.facility_id FROM note_children nc WHERE nc.child_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A member's name or address (the ratio shows the name): the facilities of their memberships.
CREATE FUNCTION "staffing_ratio_changed_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staffing_ratio_bump(array(SELECT m.facility_id FROM staff_memberships m WHERE m.user_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A membership's classes (a person's first room): the membership's facility.
CREATE FUNCTION "staffing_ratio_changed_membership_class"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM staffing_ratio_bump(array(SELECT m.facility_id FROM staff_memberships m WHERE m.id IN (SELECT membership_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM staffing_ratio_bump(array(SELECT m.facility_id FROM staff_memberships m WHERE m.id IN (SELECT membership_id FROM old_rows)));
  ELSE
    PERFORM staffing_ratio_bump(array(SELECT m.facility_id FROM staff_memberships m
      WHERE m.id IN (SELECT membership_id FROM new_rows UNION SELECT membership_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "staffing_settings_ratio_insert" AFTER INSERT ON "staffing_settings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staffing_settings_ratio_update" AFTER UPDATE ON "staffing_settings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staffing_settings_ratio_delete" AFTER DELETE ON "staffing_settings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "classes_ratio_insert" AFTER INSERT ON "classes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "classes_ratio_update" AFTER UPDATE ON "classes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "classes_ratio_delete" AFTER DELETE ON "classes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "note_children_ratio_insert" AFTER INSERT ON "note_children"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "note_children_ratio_update" AFTER UPDATE ON "note_children"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "note_children_ratio_delete" AFTER DELETE ON "note_children"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_memberships_ratio_insert" AFTER INSERT ON "staff_memberships"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_memberships_ratio_update" AFTER UPDATE ON "staff_memberships"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_memberships_ratio_delete" AFTER DELETE ON "staff_memberships"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_time_entries_ratio_insert" AFTER INSERT ON "staff_time_entries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_time_entries_ratio_update" AFTER UPDATE ON "staff_time_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_time_entries_ratio_delete" AFTER DELETE ON "staff_time_entries"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_room_moves_ratio_insert" AFTER INSERT ON "staff_room_moves"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_room_moves_ratio_update" AFTER UPDATE ON "staff_room_moves"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "staff_room_moves_ratio_delete" AFTER DELETE ON "staff_room_moves"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_facility"();--> statement-breakpoint
CREATE TRIGGER "child_attendances_ratio_insert" AFTER INSERT ON "child_attendances"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_attendance"();--> statement-breakpoint
CREATE TRIGGER "child_attendances_ratio_update" AFTER UPDATE ON "child_attendances"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_attendance"();--> statement-breakpoint
CREATE TRIGGER "child_attendances_ratio_delete" AFTER DELETE ON "child_attendances"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_attendance"();--> statement-breakpoint
CREATE TRIGGER "staff_membership_classes_ratio_insert" AFTER INSERT ON "staff_membership_classes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_membership_class"();--> statement-breakpoint
CREATE TRIGGER "staff_membership_classes_ratio_update" AFTER UPDATE ON "staff_membership_classes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_membership_class"();--> statement-breakpoint
CREATE TRIGGER "staff_membership_classes_ratio_delete" AFTER DELETE ON "staff_membership_classes"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_membership_class"();--> statement-breakpoint
-- A child or a user is new before an enrolment or a membership names it, and goes with them: updates only.
CREATE TRIGGER "children_ratio_update" AFTER UPDATE ON "children"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_child"();--> statement-breakpoint
CREATE TRIGGER "users_ratio_update" AFTER UPDATE ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "staffing_ratio_changed_user"();
