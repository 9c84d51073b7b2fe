-- A read that shows several children's health data at once (the board, the inbox) is one audit
-- entry listing them in details.child_ids; the director's filter by child finds it through this
-- index as it finds child_id through audit_log_child_idx (docs/decisions/staff-audit-screen.md).
CREATE INDEX "audit_log_child_ids_idx" ON "audit_log" USING gin (("details" -> 'child_ids') jsonb_path_ops);
