CREATE TYPE "public"."daily_counter" AS ENUM('members', 'pending_members', 'messages', 'referrals');--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"counter" "daily_counter" NOT NULL,
	"day" date NOT NULL,
	"shard" integer NOT NULL,
	"change" integer NOT NULL,
	CONSTRAINT "daily_counts_counter_day_shard_pk" PRIMARY KEY("counter","day","shard")
);
--> statement-breakpoint
-- Hand-written below: what each counter counts (one definition, read by the trigger, the rebuild
-- and the drift check), the trigger, the rebuild, the drift check, the hourly fold, the backfill.
CREATE FUNCTION daily_counter_definitions() RETURNS TABLE (counter daily_counter, source text, predicate text)
LANGUAGE sql IMMUTABLE AS $$
  VALUES ('members'::daily_counter, 'users', $q$role = 'user'$q$),
         ('pending_members'::daily_counter, 'users', $q$role = 'user' AND NOT is_approved AND NOT is_restricted$q$),
         ('messages'::daily_counter, 'messages', 'true'),
         ('referrals'::daily_counter, 'referrals', 'true')
$$;
--> statement-breakpoint
-- Adds one statement's rows to this connection's own rows (shard = backend pid): +1 for each
-- inserted (or updated-to) row a counter counts, −1 for each deleted (or updated-from) one, on the
-- Lagos day of the row's created_at. An update that changes no count writes nothing.
CREATE FUNCTION daily_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM old_rows'
    ELSE 'SELECT *, 1 AS sign FROM new_rows UNION ALL SELECT *, -1 AS sign FROM old_rows' END;
  counted text;
BEGIN
  SELECT string_agg(format('SELECT %L::daily_counter AS counter, lagos_day(created_at) AS day, sign FROM changed WHERE %s',
                           counter, predicate), ' UNION ALL ')
    INTO counted FROM daily_counter_definitions() WHERE source = TG_TABLE_NAME;
  EXECUTE format($f$
    WITH changed AS (%s)
    INSERT INTO daily_counts AS c (counter, day, shard, change)
    SELECT counter, day, pg_backend_pid(), sum(sign)::int FROM (%s) x
     GROUP BY counter, day HAVING sum(sign) <> 0
    ON CONFLICT (counter, day, shard) DO UPDATE SET change = c.change + excluded.change$f$, changed, counted);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_daily_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_daily_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_daily_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER messages_daily_counts_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER messages_daily_counts_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER referrals_daily_counts_insert AFTER INSERT ON referrals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
CREATE TRIGGER referrals_daily_counts_delete AFTER DELETE ON referrals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_apply();
--> statement-breakpoint
-- Recomputes every counter from its table, holding off changes meanwhile.
CREATE FUNCTION daily_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  LOCK TABLE users, messages, referrals IN SHARE MODE;
  DELETE FROM daily_counts;
  FOR d IN SELECT * FROM daily_counter_definitions() LOOP
    EXECUTE format('INSERT INTO daily_counts (counter, day, shard, change)
                    SELECT %L, lagos_day(created_at), 0, count(*) FROM %I WHERE %s GROUP BY 2',
                   d.counter, d.source, d.predicate);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Every (counter, day) whose kept count differs from a count of its table; empty when they agree.
CREATE FUNCTION daily_counts_drift() RETURNS TABLE (counter daily_counter, day date, counted bigint, kept bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  d record;
BEGIN
  FOR d IN SELECT * FROM daily_counter_definitions() LOOP
    RETURN QUERY EXECUTE format($f$
      WITH counted AS (SELECT lagos_day(created_at) AS day, count(*) AS n FROM %I WHERE %s GROUP BY 1),
           kept AS (SELECT day, sum(change)::bigint AS n FROM daily_counts WHERE counter = %L GROUP BY 1)
      SELECT %L::daily_counter, day, coalesce(counted.n, 0), coalesce(kept.n, 0)
        FROM counted FULL JOIN kept USING (day)
       WHERE coalesce(counted.n, 0) <> coalesce(kept.n, 0)$f$, d.source, d.predicate, d.counter, d.counter);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Folds the connections' rows of each day before yesterday (Lagos) into shard 0, as
-- ledger_rollups_compact does: rows a running transaction holds are skipped (folded next time),
-- so the fold never waits on one; one caller at a time. Returns the rows folded.
CREATE FUNCTION daily_counts_compact() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('daily_counts_compact')) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM daily_counts
     WHERE ctid IN (SELECT ctid FROM daily_counts
                     WHERE shard <> 0 AND day < lagos_day(now()) - 1
                       FOR UPDATE SKIP LOCKED)
    RETURNING counter, day, change
  ), summed AS (
    SELECT counter, day, sum(change)::int AS change, count(*) AS n FROM moved GROUP BY counter, day
  ), added AS (
    INSERT INTO daily_counts AS c (counter, day, shard, change)
    SELECT counter, day, 0, change FROM summed ORDER BY counter, day
    ON CONFLICT (counter, day, shard) DO UPDATE SET change = c.change + excluded.change
  )
  SELECT coalesce(sum(n), 0)::int INTO folded FROM summed;
  RETURN folded;
END;
$$;
--> statement-breakpoint
SELECT daily_counts_rebuild();
