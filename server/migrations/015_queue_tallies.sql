-- Queue counts that do not grow with the table (docs/performance.md, "Counts").
--
-- Migration 004's tally (orders per source, status, host status, host unit) answered only the
-- history queues; every open-order queue was still counted over the caller's open orders, and
-- the clock-driven queues (signed today, overdue warning) over their index ranges — work that
-- grows with the open orders (300,000 at ten million orders: 112 ms for admin's 27 queues).
--
-- Two tallies replace it, both moved by one row trigger in the writing transaction:
--
-- queue_tallies: orders per every column a clock-free queue condition or a row scope reads —
--   source, status, host status, visit state, review state (0 = none), key appeal, unclaimed
--   (no dispatcher), and a unit with its role: 'h' the host (unit 0 when none), 'c' a co-host
--   unit that is not the host. An order is one 'h' row and one 'c' row per distinct co-host,
--   so "everything" sums the 'h' rows and a unit's scope sums the rows of that unit, each
--   order once.
-- queue_clock_tallies: the same per time bucket for the clock-driven conditions:
--   's' = the China-time day of system_sign_time (every signed order), 'd' = the UTC hour of
--   the deadline of orders waiting on their host (status 1, host status 0 or 1) — the only
--   orders the overdue-warning queues hold. A window [from, to) sums its whole buckets here
--   and counts the rest (less than an hour at each end) on work_orders_deadline_open_idx.
--   Buckets are fixed by the order's own times, never by the clock, so nothing has to be
--   advanced; a 'd' bucket is deleted when it empties (hours move on), a 's' bucket stays (a
--   few hundred rows a day).

DROP TRIGGER work_orders_tally ON work_orders;
DROP FUNCTION work_order_tally();
DROP FUNCTION work_order_tally_add(smallint, smallint, smallint, integer, integer);
DROP TABLE work_order_tallies;

CREATE TABLE queue_tallies (
  type_id             smallint NOT NULL,
  status              smallint NOT NULL,
  main_org_status     smallint NOT NULL,
  huifang_state       smallint NOT NULL,
  need_review_status  smallint NOT NULL,
  is_key_appeal       boolean  NOT NULL,
  unclaimed           boolean  NOT NULL,
  unit_id             integer  NOT NULL,
  role                "char"   NOT NULL CHECK (role IN ('h', 'c')),
  n                   bigint   NOT NULL,
  PRIMARY KEY (type_id, status, main_org_status, unit_id, role, huifang_state,
               need_review_status, is_key_appeal, unclaimed)
);
-- A unit's own counts (a street's queues, a host's history) start from its unit.
CREATE INDEX queue_tallies_unit_idx ON queue_tallies (unit_id, main_org_status, status);

CREATE TABLE queue_clock_tallies (
  clock            "char"      NOT NULL CHECK (clock IN ('s', 'd')),
  bucket           timestamptz NOT NULL,
  type_id          smallint    NOT NULL,
  status           smallint    NOT NULL,
  main_org_status  smallint    NOT NULL,
  huifang_state    smallint    NOT NULL,
  unit_id          integer     NOT NULL,
  role             "char"      NOT NULL CHECK (role IN ('h', 'c')),
  n                bigint      NOT NULL,
  PRIMARY KEY (clock, bucket, type_id, status, main_org_status, huifang_state, unit_id, role)
);
-- A unit's buckets (a street's overdue warning, a host queue of the district's own unit).
CREATE INDEX queue_clock_tallies_unit_idx ON queue_clock_tallies (clock, unit_id, bucket);

-- The edges of an overdue-warning window: open orders waiting on their host by deadline,
-- carrying what the queue conditions and row scopes read (index-only).
CREATE INDEX work_orders_deadline_open_idx ON work_orders (deadline)
  INCLUDE (type_id, main_org_status, huifang_state, host_unit_id, co_host_unit_ids, created_by)
  WHERE status = 1 AND main_org_status IN (0, 1);

-- The tally units of an order: its host ('h', 0 when none) and each other co-host ('c').
CREATE FUNCTION queue_tally_units(host integer, cohosts integer[])
RETURNS TABLE (unit_id integer, role "char") LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(host, 0), 'h'::"char"
  UNION ALL
  SELECT DISTINCT c, 'c'::"char" FROM unnest(cohosts) AS c WHERE c <> COALESCE(host, 0)
$$;

-- The clock buckets: a China-time day (UTC+8, no daylight saving) and a UTC hour.
CREATE FUNCTION queue_sign_day(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('1 day', t, timestamptz '2000-01-01 00:00:00+08')
$$;
CREATE FUNCTION queue_deadline_hour(t timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_bin('1 hour', t, timestamptz '2000-01-01 00:00:00+00')
$$;

CREATE FUNCTION queue_tally_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT';
  now_is boolean := TG_OP <> 'DELETE';
  emptied integer;
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.type_id, OLD.status, OLD.main_org_status, OLD.huifang_state, OLD.need_review_status,
          OLD.is_key_appeal, OLD.dispatcher_id IS NULL, OLD.host_unit_id, OLD.co_host_unit_ids,
          OLD.system_sign_time, OLD.deadline)
         IS NOT DISTINCT FROM
         (NEW.type_id, NEW.status, NEW.main_org_status, NEW.huifang_state, NEW.need_review_status,
          NEW.is_key_appeal, NEW.dispatcher_id IS NULL, NEW.host_unit_id, NEW.co_host_unit_ids,
          NEW.system_sign_time, NEW.deadline) THEN
    RETURN NULL;
  END IF;

  -- The old rows go down and the new ones up as one set of net changes, taken in key order:
  -- two transactions moving orders between the same groups in opposite directions then wait
  -- for each other instead of deadlocking (each takes its rows in the same order).
  INSERT INTO queue_tallies AS q (type_id, status, main_org_status, unit_id, role, huifang_state,
                                  need_review_status, is_key_appeal, unclaimed, n)
  SELECT type_id, status, main_org_status, unit_id, role, huifang_state, need_review_status,
         is_key_appeal, unclaimed, sum(d)
    FROM (SELECT OLD.type_id, OLD.status, OLD.main_org_status, u.unit_id, u.role,
                 OLD.huifang_state, COALESCE(OLD.need_review_status, 0) AS need_review_status,
                 OLD.is_key_appeal, OLD.dispatcher_id IS NULL AS unclaimed, -1 AS d
            FROM queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u WHERE was
          UNION ALL
          SELECT NEW.type_id, NEW.status, NEW.main_org_status, u.unit_id, u.role,
                 NEW.huifang_state, COALESCE(NEW.need_review_status, 0),
                 NEW.is_key_appeal, NEW.dispatcher_id IS NULL, 1
            FROM queue_tally_units(NEW.host_unit_id, NEW.co_host_unit_ids) u WHERE now_is) x
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(d) <> 0
   ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (type_id, status, main_org_status, unit_id, role, huifang_state,
               need_review_status, is_key_appeal, unclaimed)
  DO UPDATE SET n = q.n + EXCLUDED.n;

  IF (was AND (OLD.system_sign_time IS NOT NULL OR (OLD.status = 1 AND OLD.main_org_status IN (0, 1))))
     OR (now_is AND (NEW.system_sign_time IS NOT NULL OR (NEW.status = 1 AND NEW.main_org_status IN (0, 1)))) THEN
    WITH c AS (
      SELECT k.clock, k.bucket, OLD.type_id, OLD.status, OLD.main_org_status, OLD.huifang_state,
             u.unit_id, u.role, -1 AS d
        FROM (VALUES ('s'::"char", queue_sign_day(OLD.system_sign_time)),
                     ('d'::"char", CASE WHEN OLD.status = 1 AND OLD.main_org_status IN (0, 1)
                                        THEN queue_deadline_hour(OLD.deadline) END)) k (clock, bucket)
             CROSS JOIN queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u
       WHERE was AND k.bucket IS NOT NULL
      UNION ALL
      SELECT k.clock, k.bucket, NEW.type_id, NEW.status, NEW.main_org_status, NEW.huifang_state,
             u.unit_id, u.role, 1
        FROM (VALUES ('s'::"char", queue_sign_day(NEW.system_sign_time)),
                     ('d'::"char", CASE WHEN NEW.status = 1 AND NEW.main_org_status IN (0, 1)
                                        THEN queue_deadline_hour(NEW.deadline) END)) k (clock, bucket)
             CROSS JOIN queue_tally_units(NEW.host_unit_id, NEW.co_host_unit_ids) u
       WHERE now_is AND k.bucket IS NOT NULL
    )
    , moved AS (
      INSERT INTO queue_clock_tallies AS q (clock, bucket, type_id, status, main_org_status,
                                            huifang_state, unit_id, role, n)
      SELECT clock, bucket, type_id, status, main_org_status, huifang_state, unit_id, role, sum(d)
        FROM c
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      HAVING sum(d) <> 0
       ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
      ON CONFLICT (clock, bucket, type_id, status, main_org_status, huifang_state, unit_id, role)
      DO UPDATE SET n = q.n + EXCLUDED.n
      RETURNING q.clock, q.n
    )
    SELECT count(*) INTO emptied FROM moved WHERE clock = 'd' AND n = 0;

    -- An emptied deadline hour goes (rows this transaction holds locked already).
    IF emptied > 0 THEN
      DELETE FROM queue_clock_tallies q
       USING queue_tally_units(OLD.host_unit_id, OLD.co_host_unit_ids) u
       WHERE q.clock = 'd' AND q.bucket = queue_deadline_hour(OLD.deadline)
         AND q.type_id = OLD.type_id AND q.status = OLD.status
         AND q.main_org_status = OLD.main_org_status AND q.huifang_state = OLD.huifang_state
         AND q.unit_id = u.unit_id AND q.role = u.role AND q.n = 0;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER work_orders_queue_tally
  AFTER INSERT OR DELETE OR UPDATE OF type_id, status, main_org_status, huifang_state,
    need_review_status, is_key_appeal, dispatcher_id, host_unit_id, co_host_unit_ids,
    system_sign_time, deadline
  ON work_orders FOR EACH ROW EXECUTE FUNCTION queue_tally_move();

-- Both tallies from the orders, in one pass over the table (used here and by bench:data after
-- a load without triggers). The share lock keeps writers out until the caller's transaction
-- ends, so no change falls between the count and the trigger.
CREATE FUNCTION rebuild_queue_tallies() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE work_orders IN SHARE MODE;
  TRUNCATE queue_tallies, queue_clock_tallies;
  WITH g AS MATERIALIZED (
    SELECT type_id, status, main_org_status, huifang_state,
           COALESCE(need_review_status, 0) AS need_review_status, is_key_appeal,
           dispatcher_id IS NULL AS unclaimed, host_unit_id, co_host_unit_ids,
           queue_sign_day(system_sign_time) AS sign_day,
           CASE WHEN status = 1 AND main_org_status IN (0, 1)
                THEN queue_deadline_hour(deadline) END AS deadline_hour,
           count(*) AS n
      FROM work_orders
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
  ), states AS (
    INSERT INTO queue_tallies (type_id, status, main_org_status, unit_id, role, huifang_state,
                               need_review_status, is_key_appeal, unclaimed, n)
    SELECT g.type_id, g.status, g.main_org_status, u.unit_id, u.role, g.huifang_state,
           g.need_review_status, g.is_key_appeal, g.unclaimed, sum(g.n)
      FROM g CROSS JOIN queue_tally_units(g.host_unit_id, g.co_host_unit_ids) u
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  )
  INSERT INTO queue_clock_tallies (clock, bucket, type_id, status, main_org_status,
                                   huifang_state, unit_id, role, n)
  SELECT k.clock, k.bucket, g.type_id, g.status, g.main_org_status, g.huifang_state,
         u.unit_id, u.role, sum(g.n)
    FROM g
         CROSS JOIN LATERAL (VALUES ('s'::"char", g.sign_day), ('d'::"char", g.deadline_hour)) k (clock, bucket)
         CROSS JOIN queue_tally_units(g.host_unit_id, g.co_host_unit_ids) u
   WHERE k.bucket IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END
$$;

SELECT rebuild_queue_tallies();
