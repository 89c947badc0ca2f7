-- Row counts maintained by statement-level triggers (one counter update per statement, even for bulk
-- inserts), read by the dashboard badges and the admin course cards instead of count(*) over big tables.
-- A statement adds its delta to one random slot of each key (0-7) so concurrent writers rarely share a row.
CREATE FUNCTION stat_counter_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := floor(random() * 8)::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'user', s, count(*) FROM new_rows HAVING count(*) > 0
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'user', s, -count(*) FROM old_rows HAVING count(*) > 0
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key = 'user';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counter_user_ins AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_user();
--> statement-breakpoint
CREATE TRIGGER stat_counter_user_del AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_user();
--> statement-breakpoint
CREATE TRIGGER stat_counter_user_trunc AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_user();
--> statement-breakpoint
CREATE FUNCTION stat_counter_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := floor(random() * 8)::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT k, s, c FROM (
        SELECT 'enrolment' AS k, count(*) AS c FROM new_rows
        UNION ALL
        SELECT 'enrolment:course:' || course_id, count(*) FROM new_rows GROUP BY course_id
      ) d WHERE c > 0 ORDER BY k
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT k, s, -c FROM (
        SELECT 'enrolment' AS k, count(*) AS c FROM old_rows
        UNION ALL
        SELECT 'enrolment:course:' || course_id, count(*) FROM old_rows GROUP BY course_id
      ) d WHERE c > 0 ORDER BY k
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key = 'enrolment' OR key LIKE 'enrolment:%' OR key LIKE 'certificate:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counter_enrolment_ins AFTER INSERT ON "enrolment" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_enrolment();
--> statement-breakpoint
CREATE TRIGGER stat_counter_enrolment_del AFTER DELETE ON "enrolment" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_enrolment();
--> statement-breakpoint
CREATE TRIGGER stat_counter_enrolment_trunc AFTER TRUNCATE ON "enrolment"
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_enrolment();
--> statement-breakpoint
-- Certificates are counted per course through their enrolment. When an enrolment is deleted its
-- certificate goes with it (cascade) after the enrolment row is gone, so the enrolment's own BEFORE
-- DELETE trigger takes the certificate off its course's count; a certificate deleted on its own is
-- handled by the certificate trigger, which finds its enrolment still there.
CREATE FUNCTION stat_counter_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s int := floor(random() * 8)::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'certificate:course:' || e.course_id, s, count(*)
      FROM new_rows r JOIN enrolment e ON e.id = r.enrolment_id
      GROUP BY e.course_id ORDER BY 1
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stat_counter (key, slot, n)
      SELECT 'certificate:course:' || e.course_id, s, -count(*)
      FROM old_rows r JOIN enrolment e ON e.id = r.enrolment_id
      GROUP BY e.course_id ORDER BY 1
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  ELSE
    DELETE FROM stat_counter WHERE key LIKE 'certificate:%';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counter_certificate_ins AFTER INSERT ON "certificate" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_certificate();
--> statement-breakpoint
CREATE TRIGGER stat_counter_certificate_del AFTER DELETE ON "certificate" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_certificate();
--> statement-breakpoint
CREATE TRIGGER stat_counter_certificate_trunc AFTER TRUNCATE ON "certificate"
  FOR EACH STATEMENT EXECUTE FUNCTION stat_counter_certificate();
--> statement-breakpoint
CREATE FUNCTION stat_counter_enrolment_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM certificate WHERE enrolment_id = OLD.id) THEN
    INSERT INTO stat_counter (key, slot, n)
      VALUES ('certificate:course:' || OLD.course_id, floor(random() * 8)::int, -1)
      ON CONFLICT (key, slot) DO UPDATE SET n = stat_counter.n + excluded.n;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER stat_counter_enrolment_certificate BEFORE DELETE ON "enrolment"
  FOR EACH ROW EXECUTE FUNCTION stat_counter_enrolment_certificate();
--> statement-breakpoint
-- Start from the rows that exist now.
INSERT INTO stat_counter (key, slot, n) SELECT 'user', 0, count(*) FROM "user";
--> statement-breakpoint
INSERT INTO stat_counter (key, slot, n) SELECT 'enrolment', 0, count(*) FROM enrolment;
--> statement-breakpoint
INSERT INTO stat_counter (key, slot, n)
  SELECT 'enrolment:course:' || course_id, 0, count(*) FROM enrolment GROUP BY course_id;
--> statement-breakpoint
INSERT INTO stat_counter (key, slot, n)
  SELECT 'certificate:course:' || e.course_id, 0, count(*)
  FROM certificate c JOIN enrolment e ON e.id = c.enrolment_id GROUP BY e.course_id;
