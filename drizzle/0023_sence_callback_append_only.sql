-- SENCE's callbacks are kept as they arrived (docs/sence.md): the log is append-only. Rows may be added, never
-- changed or removed, whatever the application does; an attempt fails with this message.
CREATE FUNCTION sence_callback_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sence_callback is append-only: % refused', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sence_callback_append_only BEFORE UPDATE OR DELETE ON sence_callback
  FOR EACH ROW EXECUTE FUNCTION sence_callback_append_only();
--> statement-breakpoint
CREATE TRIGGER sence_callback_no_truncate BEFORE TRUNCATE ON sence_callback
  FOR EACH STATEMENT EXECUTE FUNCTION sence_callback_append_only();
