-- Work-order reads (docs/query-plans.md).

-- Pages are ordered by call_time DESC, id DESC. Indexes in exactly that order, carrying
-- type_id (every list filters on the order source), let a page stop after its 20 rows and a
-- count of a status or of a host's status run as an index-only scan. They replace the
-- narrower indexes of migrations 001 and 002 on the same leading columns.
DROP INDEX work_orders_call_time_idx;
CREATE INDEX work_orders_call_time_idx ON work_orders (call_time DESC, id DESC) INCLUDE (type_id);
DROP INDEX work_orders_status_idx;
CREATE INDEX work_orders_status_idx ON work_orders (status, call_time DESC, id DESC) INCLUDE (type_id);
DROP INDEX work_orders_host_idx;
CREATE INDEX work_orders_host_idx
  ON work_orders (host_unit_id, main_org_status, call_time DESC, id DESC) INCLUDE (type_id);

-- The notice list reads the audit trail newest first across orders.
CREATE INDEX order_events_created_idx ON order_events (created_at DESC);

-- Queue counts that reach into history (completed, returned, a host's completed orders) would
-- otherwise count every such order ever received. This tally keeps the number of orders per
-- (source, status, host status, host unit), maintained by a trigger in the writing
-- transaction, so those counts read a few rows. host_unit_id 0 = no host yet.
CREATE TABLE work_order_tallies (
  type_id          smallint NOT NULL,
  status           smallint NOT NULL,
  main_org_status  smallint NOT NULL,
  host_unit_id     integer  NOT NULL,
  n                bigint   NOT NULL,
  PRIMARY KEY (type_id, status, main_org_status, host_unit_id)
);

CREATE FUNCTION work_order_tally_add(t smallint, s smallint, m smallint, h integer, d integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO work_order_tallies AS w (type_id, status, main_org_status, host_unit_id, n)
  VALUES (t, s, m, COALESCE(h, 0), d)
  ON CONFLICT (type_id, status, main_org_status, host_unit_id) DO UPDATE SET n = w.n + EXCLUDED.n
$$;

CREATE FUNCTION work_order_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM work_order_tally_add(NEW.type_id, NEW.status, NEW.main_org_status, NEW.host_unit_id, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM work_order_tally_add(OLD.type_id, OLD.status, OLD.main_org_status, OLD.host_unit_id, -1);
  ELSIF (OLD.type_id, OLD.status, OLD.main_org_status, COALESCE(OLD.host_unit_id, 0))
        IS DISTINCT FROM (NEW.type_id, NEW.status, NEW.main_org_status, COALESCE(NEW.host_unit_id, 0)) THEN
    -- The two tally rows are always taken in key order, so two transitions crossing the same
    -- two groups in opposite directions wait for each other instead of deadlocking.
    IF (OLD.type_id, OLD.status, OLD.main_org_status, COALESCE(OLD.host_unit_id, 0))
       < (NEW.type_id, NEW.status, NEW.main_org_status, COALESCE(NEW.host_unit_id, 0)) THEN
      PERFORM work_order_tally_add(OLD.type_id, OLD.status, OLD.main_org_status, OLD.host_unit_id, -1);
      PERFORM work_order_tally_add(NEW.type_id, NEW.status, NEW.main_org_status, NEW.host_unit_id, 1);
    ELSE
      PERFORM work_order_tally_add(NEW.type_id, NEW.status, NEW.main_org_status, NEW.host_unit_id, 1);
      PERFORM work_order_tally_add(OLD.type_id, OLD.status, OLD.main_org_status, OLD.host_unit_id, -1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER work_orders_tally
  AFTER INSERT OR DELETE OR UPDATE OF type_id, status, main_org_status, host_unit_id ON work_orders
  FOR EACH ROW EXECUTE FUNCTION work_order_tally();

INSERT INTO work_order_tallies (type_id, status, main_org_status, host_unit_id, n)
SELECT type_id, status, main_org_status, COALESCE(host_unit_id, 0), count(*)
  FROM work_orders GROUP BY 1, 2, 3, 4;
