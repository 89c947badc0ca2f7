ALTER TABLE "company_enrolment" ADD COLUMN "live_cycle" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "certificate_id" integer;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "certificate_cycle" integer;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "certificate_valid_until" date;--> statement-breakpoint
ALTER TABLE "company_enrolment" ADD COLUMN "certificate_revoked" boolean;--> statement-breakpoint
-- The compliance matrix (app/server/companies/compliance.server.ts) classifies every cell of a company — 45 000
-- for 5 000 workers × 10 courses — to count them per course and state and to filter its pages. Reading each
-- cell's enrolment (its live cycle) and newest certificate took one probe into each of two large tables per cell,
-- 350–450 ms at the bench's scale. These triggers copy those few facts onto the company_enrolment row, so the
-- matrix reads its company's rows and nothing else. Facts, not the rule: whether the certificate still counts
-- (its cycle is the live one or the one before) and its state today are decided by the matrix's query.
--
-- One place computes a row's facts; each writer of enrolment, certificate or company_enrolment calls it. The
-- company_enrolment row is locked first and the facts read by a later statement, so of two transactions touching
-- one enrolment at once the second waits for the first and reads what it committed.
CREATE FUNCTION company_enrolment_refresh_facts(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM company_enrolment WHERE enrolment_id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  UPDATE company_enrolment ce
    SET live_cycle = e.cycle, certificate_id = c.id, certificate_cycle = c.cycle,
        certificate_valid_until = c.valid_until, certificate_revoked = CASE WHEN c.id IS NULL THEN NULL ELSE c.revoked_at IS NOT NULL END
    FROM enrolment e
    LEFT JOIN LATERAL (SELECT id, cycle, valid_until, revoked_at FROM certificate WHERE enrolment_id = e.id ORDER BY cycle DESC LIMIT 1) c ON true
    WHERE ce.enrolment_id = target AND e.id = target;
END $$;
--> statement-breakpoint
CREATE FUNCTION certificate_refresh_company_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM company_enrolment_refresh_facts(OLD.enrolment_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.enrolment_id IS DISTINCT FROM OLD.enrolment_id) THEN
    PERFORM company_enrolment_refresh_facts(NEW.enrolment_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER certificate_company_enrolment_facts AFTER INSERT OR DELETE OR UPDATE OF enrolment_id, cycle, valid_until, revoked_at ON certificate
  FOR EACH ROW EXECUTE FUNCTION certificate_refresh_company_enrolment();
--> statement-breakpoint
CREATE FUNCTION enrolment_refresh_company_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_enrolment_refresh_facts(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrolment_company_enrolment_facts AFTER UPDATE OF cycle ON enrolment
  FOR EACH ROW WHEN (OLD.cycle IS DISTINCT FROM NEW.cycle) EXECUTE FUNCTION enrolment_refresh_company_enrolment();
--> statement-breakpoint
-- A new row (or one moved to another enrolment) takes its facts as it is written.
CREATE FUNCTION company_enrolment_own_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT e.cycle INTO NEW.live_cycle FROM enrolment e WHERE e.id = NEW.enrolment_id;
  NEW.live_cycle := coalesce(NEW.live_cycle, 1);
  SELECT id, cycle, valid_until, revoked_at INTO c FROM certificate WHERE enrolment_id = NEW.enrolment_id ORDER BY cycle DESC LIMIT 1;
  NEW.certificate_id := c.id;
  NEW.certificate_cycle := c.cycle;
  NEW.certificate_valid_until := c.valid_until;
  NEW.certificate_revoked := CASE WHEN c.id IS NULL THEN NULL ELSE c.revoked_at IS NOT NULL END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_enrolment_facts BEFORE INSERT OR UPDATE OF enrolment_id ON company_enrolment
  FOR EACH ROW EXECUTE FUNCTION company_enrolment_own_facts();
--> statement-breakpoint
UPDATE company_enrolment ce
  SET live_cycle = e.cycle, certificate_id = c.id, certificate_cycle = c.cycle,
      certificate_valid_until = c.valid_until, certificate_revoked = CASE WHEN c.id IS NULL THEN NULL ELSE c.revoked_at IS NOT NULL END
  FROM enrolment e
  LEFT JOIN LATERAL (SELECT id, cycle, valid_until, revoked_at FROM certificate WHERE enrolment_id = e.id ORDER BY cycle DESC LIMIT 1) c ON true
  WHERE e.id = ce.enrolment_id;
--> statement-breakpoint
-- The matrix's order of people: Spanish (ñ after n, accents as their letter) with numbers by value ('Turno 9'
-- before 'Turno 10'), as Intl.Collator('es', { numeric: true }) orders them. On PostgreSQL with ICU the order is
-- exactly that; PGlite's ICU carries no locale data, and there it is Unicode's root order.
CREATE COLLATION IF NOT EXISTS es_natural (provider = icu, locale = 'es-u-kn-true');
