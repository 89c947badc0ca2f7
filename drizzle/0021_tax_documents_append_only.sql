-- Tax documents are legal records (kept six years: Código Tributario art. 17 and 200). The database itself
-- refuses what the application must never do, whatever code runs: deleting a document, changing an issued one's
-- folio, type, order, amounts, content or provider token, and changing or deleting its history. A document's
-- state, the SII's answer and its PDF may still be recorded as they arrive.
CREATE FUNCTION tax_document_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax documents are kept: document % cannot be deleted', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.folio IS NOT NULL AND (
    NEW.folio IS DISTINCT FROM OLD.folio OR NEW.type <> OLD.type OR NEW.order_id <> OLD.order_id OR NEW.kind <> OLD.kind
    OR NEW.total_clp <> OLD.total_clp OR NEW.draft::text <> OLD.draft::text OR NEW.provider_token IS DISTINCT FROM OLD.provider_token
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.credits_document_id IS DISTINCT FROM OLD.credits_document_id
  ) THEN
    RAISE EXCEPTION 'tax document % was issued (folio %): what it says cannot change', OLD.id, OLD.folio USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tax_document_guard BEFORE UPDATE OR DELETE ON tax_document FOR EACH ROW EXECUTE FUNCTION tax_document_guard();
--> statement-breakpoint
-- The history is append-only. The one change allowed is the foreign key's own: a deleted account's id set to null.
CREATE FUNCTION tax_document_event_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document history is append-only: event % cannot be deleted', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.document_id <> OLD.document_id OR NEW.event <> OLD.event OR NEW.state <> OLD.state
    OR NEW.note IS DISTINCT FROM OLD.note OR NEW.created_at <> OLD.created_at OR NEW.actor_user_id IS NOT NULL AND NEW.actor_user_id IS DISTINCT FROM OLD.actor_user_id THEN
    RAISE EXCEPTION 'tax document history is append-only: event % cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tax_document_event_guard BEFORE UPDATE OR DELETE ON tax_document_event FOR EACH ROW EXECUTE FUNCTION tax_document_event_guard();
