-- The units that see an order, in call-time order (docs/performance.md, "Thirty-third session";
-- docs/decisions/0015-units-beside-the-order.md).
--
-- A street, town or department sees the orders it hosts or co-hosts (`host_unit_id = S OR
-- co_host_unit_ids @> {S}`, reads/scope-sql.ts). No index orders that OR by call time: the
-- host index is per status, and the co-host GIN index hands out its orders unordered. So a
-- street's whole list walked the call-time index of all orders testing the OR on each — at ten
-- million orders 83,226 rows for page 1,000 (46–52 ms), most of them other units' orders.
--
-- `order_units` holds one row per unit that sees an order: its host and each co-host (once,
-- should the host be among the co-hosts), with the order's call time and type, the only other
-- thing a unit's whole list asks of an order. The primary key is that list's order, so a page
-- of it is one index-only range. Triggers keep it: when an order is inserted, when its host,
-- co-hosts, call time or type change, and when it is deleted — in the transaction that wrote
-- the order.

-- The units that see an order: the host, then the co-hosts, each once, NULLs left out.
CREATE FUNCTION hotline_order_units(host integer, cohosts integer[])
RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(DISTINCT u), '{}')
    FROM unnest(array_prepend(host, COALESCE(cohosts, '{}'))) AS u
   WHERE u IS NOT NULL
$$;

CREATE TABLE order_units (
  unit_id   integer     NOT NULL,
  call_time timestamptz NOT NULL,
  order_id  bigint      NOT NULL,
  type_id   smallint    NOT NULL
);

INSERT INTO order_units (unit_id, call_time, order_id, type_id)
SELECT u.unit_id, o.call_time, o.id, o.type_id
  FROM work_orders o,
       unnest(public.hotline_order_units(o.host_unit_id, o.co_host_unit_ids)) AS u(unit_id);

-- After the copy: one sorted build instead of an insert into the index per row.
ALTER TABLE order_units
  ADD CONSTRAINT order_units_pkey PRIMARY KEY (unit_id, call_time, order_id) INCLUDE (type_id);

CREATE FUNCTION order_units_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM order_units
     WHERE unit_id = ANY(public.hotline_order_units(OLD.host_unit_id, OLD.co_host_unit_ids))
       AND call_time = OLD.call_time AND order_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO order_units (unit_id, call_time, order_id, type_id)
    SELECT u, NEW.call_time, NEW.id, NEW.type_id
      FROM unnest(public.hotline_order_units(NEW.host_unit_id, NEW.co_host_unit_ids)) AS u;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER work_orders_units_insert AFTER INSERT ON work_orders
  FOR EACH ROW EXECUTE FUNCTION order_units_write();

CREATE TRIGGER work_orders_units_update
  AFTER UPDATE OF host_unit_id, co_host_unit_ids, call_time, type_id ON work_orders
  FOR EACH ROW
  WHEN ((OLD.host_unit_id, OLD.co_host_unit_ids, OLD.call_time, OLD.type_id)
        IS DISTINCT FROM
        (NEW.host_unit_id, NEW.co_host_unit_ids, NEW.call_time, NEW.type_id))
  EXECUTE FUNCTION order_units_write();

CREATE TRIGGER work_orders_units_delete AFTER DELETE ON work_orders
  FOR EACH ROW EXECUTE FUNCTION order_units_write();

ANALYZE order_units;
